import type { Cohort } from '@lp/contract/cohorts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** GET /cohorts/{id}: the cohort's name, time zone and capstone flag. */
export function getCohort(cohortId: number, signal?: AbortSignal): Promise<Cohort> {
  return api.get<Cohort>(`/cohorts/${cohortId}`, { signal });
}

export const cohortQuery = (cohortId: number) =>
  queryOptions({
    queryKey: ['cohorts', 'detail', cohortId],
    queryFn: ({ signal }) => getCohort(cohortId, signal),
  });

export function useCohort(cohortId: number | null) {
  return useQuery({ ...cohortQuery(cohortId ?? 0), enabled: cohortId !== null });
}
