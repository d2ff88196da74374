import type { AssignCohortBody, FoundationsList } from '@lp/contract/foundations';
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// Keys: ['foundations', filter]. Assigning a cohort invalidates ['foundations'].

export interface FoundationsFilter {
  learnerName?: string;
  /** 'YYYY-MM-DD'; without it the server lists the last 90 days. */
  lastAttempt?: string;
}

export const getFoundations = (filter: FoundationsFilter, signal?: AbortSignal) =>
  api.get<FoundationsList>('/foundations', {
    query: { learnerName: filter.learnerName || null, lastAttempt: filter.lastAttempt || null },
    signal,
  });

export const foundationsQuery = (filter: FoundationsFilter) =>
  queryOptions({
    queryKey: ['foundations', filter],
    queryFn: ({ signal }) => getFoundations(filter, signal),
  });

export const useFoundations = (filter: FoundationsFilter) => useQuery(foundationsQuery(filter));

export const assignCohort = (body: AssignCohortBody) =>
  api.put<void>('/foundations/assigncohort', body);

/** The Undo of an assignment: the learner is Unassigned again. */
export const unassignCohort = (githubId: string) =>
  api.del(`/foundations/assigncohort/${githubId}`);

export const invalidateFoundations = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ['foundations'] });

export function useAssignCohort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignCohort,
    onSettled: () => invalidateFoundations(queryClient),
  });
}
