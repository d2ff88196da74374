import type {
  LtiContext,
  LtiContextList,
  LtiIdentity,
  LtiIdentityList,
  LtiPlatform,
  LtiPlatformBody,
  LtiPlatformList,
  LtiTool,
} from '@lp/contract/lti';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

const keys = {
  tool: ['lti', 'tool'] as const,
  platforms: ['lti', 'platforms'] as const,
  contexts: ['lti', 'contexts'] as const,
  identities: ['lti', 'identities'] as const,
};

// GET /lti/identities — which account each LMS user signs in to.
export const useLtiIdentities = () =>
  useQuery({
    queryKey: keys.identities,
    queryFn: ({ signal }) => api.get<LtiIdentityList>('/lti/identities', { signal }),
  });

export const linkIdentity = (id: number, username: string) =>
  api.put<LtiIdentity>(`/lti/identities/${id}/person`, { username });

// GET /lti/tool — our URLs for the LMS side, and our published keys.
export const useLtiTool = () =>
  useQuery({
    queryKey: keys.tool,
    queryFn: ({ signal }) => api.get<LtiTool>('/lti/tool', { signal }),
  });

// GET /lti/platforms — registered ones, first registered first.
export const useLtiPlatforms = () =>
  useQuery({
    queryKey: keys.platforms,
    queryFn: ({ signal }) => api.get<LtiPlatformList>('/lti/platforms', { signal }),
  });

// GET /lti/contexts — the LMS courses that launched us.
export const useLtiContexts = () =>
  useQuery({
    queryKey: keys.contexts,
    queryFn: ({ signal }) => api.get<LtiContextList>('/lti/contexts', { signal }),
  });

export const rotateKeys = () => api.post<LtiTool>('/lti/tool/keys/rotate');
export const createPlatform = (body: LtiPlatformBody) =>
  api.post<LtiPlatform>('/lti/platforms', body);
// DELETE /lti/platforms/{id} — undone by restorePlatform.
export const deletePlatform = (id: number) => api.del<LtiPlatform>(`/lti/platforms/${id}`);
export const restorePlatform = (id: number) =>
  api.post<LtiPlatform>(`/lti/platforms/${id}/restore`);
export const linkContext = (id: number, cohortId: number | null) =>
  api.put<LtiContext>(`/lti/contexts/${id}/cohort`, { cohort_id: cohortId });

export const invalidateLti = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ['lti'] });
