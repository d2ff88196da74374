// The signed-in user's profile: shared by sign-in, the app shell and every learner screen.

import { isStaffProfile } from '@lp/contract/guards';
import type { CohortRef, Profile, StudentProfile } from '@lp/contract/profile';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type RequestOptions } from './api-client.ts';
import { useSession } from './use-session.ts';

export function getProfile(
  params: { mimic?: boolean } = {},
  options: RequestOptions = {},
): Promise<Profile> {
  return api.get<Profile>('/profile', {
    ...options,
    query: { ...options.query, mimic: params.mimic ? 'true' : undefined },
  });
}

export const profileQuery = (mimic: boolean) =>
  queryOptions({
    queryKey: ['profile', { mimic }],
    queryFn: ({ signal }) => getProfile({ mimic }, { signal }),
  });

/**
 * The cohorts the signed-in staff member coaches, most recently joined first, asked fresh of the
 * server (the session's copy is from sign-in); none for a learner.
 */
export async function fetchCoachedCohorts(queryClient: QueryClient): Promise<CohortRef[]> {
  const profile = await queryClient.fetchQuery({ ...profileQuery(false), staleTime: 0 });
  return isStaffProfile(profile) ? profile.cohorts : [];
}

/** GET /profile: the cohorts the signed-in staff member coaches, most recently joined first. */
export const useCoachedCohorts = () =>
  useQuery({
    ...profileQuery(false),
    select: (profile): CohortRef[] => (isStaffProfile(profile) ? profile.cohorts : []),
  });

/**
 * The learner-shaped profile the student interface shows: the learner's own, or for staff in
 * mimic mode the one the API builds from their cohort (GET /profile?mimic=true).
 */
export function useStudentProfile() {
  const session = useSession();
  const staff = session?.profile.staff === true;
  const own = session && !isStaffProfile(session.profile) ? session.profile : undefined;
  return useQuery({
    ...profileQuery(staff),
    enabled: session !== null,
    placeholderData: staff ? undefined : own,
    select: (profile): StudentProfile | null => (isStaffProfile(profile) ? null : profile),
  });
}
