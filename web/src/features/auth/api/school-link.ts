import type { SchoolLink, SchoolLinkStart } from '@lp/contract/oidc';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// GET /auth/oidc/link — whether the signed-in person's account is linked to a school account.
export const useSchoolLink = (enabled: boolean) =>
  useQuery({
    queryKey: ['auth', 'school-link'],
    queryFn: ({ signal }) => api.get<SchoolLink>('/auth/oidc/link', { signal }),
    enabled,
  });

// POST /auth/oidc/link — where the browser goes to sign in at the school and link that account.
export const startSchoolLink = () => api.post<SchoolLinkStart>('/auth/oidc/link');
