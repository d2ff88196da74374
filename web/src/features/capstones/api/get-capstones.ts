import type { Capstone } from '@lp/contract/capstones';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** GET /capstones?cohortId={id}: the cohort's proposals with their timelines (for revoking). */
export function getCohortCapstones(cohortId: number, signal?: AbortSignal): Promise<Capstone[]> {
  return api.get<Capstone[]>('/capstones', { query: { cohortId }, signal });
}

export const cohortCapstonesQuery = (cohortId: number) =>
  queryOptions({
    queryKey: ['capstones', { cohortId }],
    queryFn: ({ signal }) => getCohortCapstones(cohortId, signal),
  });

export function useCohortCapstones(cohortId: number) {
  return useQuery(cohortCapstonesQuery(cohortId));
}
