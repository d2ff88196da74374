import type { StatusItem, StatusList } from '@lp/contract/board';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** GET /statuses: the assessment statuses (1 In Progress … 4 Reviewed and Complete). */
export async function getStatuses(signal?: AbortSignal): Promise<StatusItem[]> {
  return (await api.get<StatusList>('/statuses', { signal })).results;
}

export const statusesQuery = queryOptions({
  queryKey: ['statuses'],
  queryFn: ({ signal }) => getStatuses(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useStatuses() {
  return useQuery(statusesQuery);
}
