import type { CohortDigest, DigestSendResult } from '@lp/contract/digest';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api-client.ts';

export const getCohortDigest = (cohortId: number, signal?: AbortSignal) =>
  api.get<CohortDigest>(`/cohorts/${cohortId}/digest`, { signal });

export const digestQueryKey = (cohortId: number) => ['digest', { cohort: cohortId }] as const;

export const digestQuery = (cohortId: number) =>
  queryOptions({
    queryKey: digestQueryKey(cohortId),
    queryFn: ({ signal }) => getCohortDigest(cohortId, signal),
  });

export const useCohortDigest = (cohortId: number) => useQuery(digestQuery(cohortId));

export const sendDigest = (cohortId: number) =>
  api.post<DigestSendResult>(`/cohorts/${cohortId}/digest/send`);

/** Queues the digest's send now; the answer names its job. */
export function useSendDigest(cohortId: number) {
  return useMutation({ mutationFn: () => sendDigest(cohortId) });
}

/** Reads the digest again, for its 'last sent' once the send's job has run. */
export function useRefreshDigest(cohortId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: digestQueryKey(cohortId) }),
    [queryClient, cohortId],
  );
}
