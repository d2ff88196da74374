import type { CohortSummary } from '@lp/contract/cohorts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** GET /cohorts?active=true: the cohort links of the dashboard strip (id, name). */
export function getActiveCohorts(signal?: AbortSignal): Promise<CohortSummary[]> {
  return api.get<CohortSummary[]>('/cohorts', { query: { active: true }, signal });
}

export const activeCohortsQuery = queryOptions({
  queryKey: ['cohorts', 'list', { active: true }],
  queryFn: ({ signal }) => getActiveCohorts(signal),
  staleTime: 60_000,
});

export function useActiveCohorts() {
  return useQuery(activeCohortsQuery);
}
