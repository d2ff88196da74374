import type { CohortEvent } from '@lp/contract/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** GET /events?cohort={id}: the cohort calendar. */
export function getCohortEvents(cohortId: number, signal?: AbortSignal): Promise<CohortEvent[]> {
  return api.get<CohortEvent[]>('/events', { query: { cohort: cohortId }, signal });
}

export const cohortEventsQuery = (cohortId: number) =>
  queryOptions({
    queryKey: ['events', { cohort: cohortId }],
    queryFn: ({ signal }) => getCohortEvents(cohortId, signal),
    staleTime: 60_000,
  });

export function useCohortEvents(cohortId: number | null) {
  return useQuery({ ...cohortEventsQuery(cohortId ?? 0), enabled: cohortId !== null });
}
