import type { CohortDigest, DigestSendResult } from '@lp/contract/digest';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** Sends the digest now; the preview's 'last sent' follows. */
export function useSendDigest(cohortId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendDigest(cohortId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: digestQueryKey(cohortId) }),
  });
}
