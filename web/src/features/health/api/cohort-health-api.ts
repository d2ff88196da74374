import type { CohortHealth, CohortProgress } from '@lp/contract/health';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// The only readers of a cohort's health and progress: the board's markers and the health page
// share one cache entry per cohort.

export const getCohortHealth = (cohortId: number, signal?: AbortSignal) =>
  api.get<CohortHealth>(`/cohorts/${cohortId}/health`, { signal });

export const cohortHealthKey = (cohortId: number) => ['cohort-health', cohortId] as const;

/** After a change the board's own data does not show (an intervention): the health again. */
export const invalidateCohortHealth = (queryClient: QueryClient, cohortId: number) =>
  queryClient.invalidateQueries({ queryKey: cohortHealthKey(cohortId), exact: true });

export const cohortHealthQuery = (cohortId: number) =>
  queryOptions({
    queryKey: cohortHealthKey(cohortId),
    queryFn: ({ signal }) => getCohortHealth(cohortId, signal),
    staleTime: 60_000,
  });

export const useCohortHealth = (cohortId: number, enabled = true) =>
  useQuery({ ...cohortHealthQuery(cohortId), enabled });

export const getCohortProgress = (cohortId: number, signal?: AbortSignal) =>
  api.get<CohortProgress>(`/cohorts/${cohortId}/health/progress`, { signal });

export const cohortProgressQuery = (cohortId: number) =>
  queryOptions({
    queryKey: [...cohortHealthKey(cohortId), 'progress'] as const,
    queryFn: ({ signal }) => getCohortProgress(cohortId, signal),
    staleTime: 5 * 60_000,
  });

export const useCohortProgress = (cohortId: number, enabled = true) =>
  useQuery({ ...cohortProgressQuery(cohortId), enabled });
