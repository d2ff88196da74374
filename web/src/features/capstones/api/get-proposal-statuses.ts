import type { StatusItem, StatusList } from '@lp/contract/board';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** GET /proposalstatuses: In Review, Requires Changes, Approved, MVP. */
export async function getProposalStatuses(signal?: AbortSignal): Promise<StatusItem[]> {
  return (await api.get<StatusList>('/proposalstatuses', { signal })).results;
}

export const proposalStatusesQuery = queryOptions({
  queryKey: ['proposalstatuses'],
  queryFn: ({ signal }) => getProposalStatuses(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useProposalStatuses() {
  return useQuery(proposalStatusesQuery);
}
