import type { BoardResponse } from '@lp/contract/board';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { shareLearnersById } from './share-learners.ts';

/** GET /students?cohort={id}: the cohort's learner cards (conditional: the browser sends If-None-Match). */
export function getBoard(cohortId: number, signal?: AbortSignal): Promise<BoardResponse> {
  return api.get<BoardResponse>('/students', { query: { cohort: cohortId }, signal });
}

/** Under ['students'] so that any change to learners refreshes the board. */
export const boardQueryKey = (cohortId: number) => ['students', 'board', cohortId] as const;

export const boardQuery = (cohortId: number) =>
  queryOptions({
    queryKey: boardQueryKey(cohortId),
    queryFn: ({ signal }) => getBoard(cohortId, signal),
    staleTime: 10_000,
    structuralSharing: (previous, next) =>
      shareLearnersById(previous as BoardResponse | undefined, next as BoardResponse),
  });

export function useBoard(cohortId: number | null) {
  return useQuery({ ...boardQuery(cohortId ?? 0), enabled: cohortId !== null });
}
