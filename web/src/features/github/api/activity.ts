import type { ActivityPage } from '@lp/contract/github';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { githubKeys } from './keys.ts';

// GET /students/{id}/activity?page=N — newest first, ACTIVITY_PAGE_SIZE a page.
export const getActivity = (learnerId: number, page: number, signal?: AbortSignal) =>
  api.get<ActivityPage>(`/students/${learnerId}/activity`, { query: { page }, signal });

/** The pages read so far; 'Show more' reads the next one while the server names one. */
export const useActivity = (learnerId: number, enabled = true) =>
  useInfiniteQuery({
    queryKey: githubKeys.activity(learnerId),
    queryFn: ({ pageParam, signal }) => getActivity(learnerId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next === null ? undefined : pages.length + 1),
    enabled,
  });
