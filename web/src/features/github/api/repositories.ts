import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import type { LinkRepositoryBody, RepositoryLink, RepositoryLinkList } from '@lp/contract/github';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, requestWithHeaders } from '@/lib/api-client.ts';
import { githubKeys } from './keys.ts';

/** A link or unlink as answered, with the learner's history entry that undoes it. */
export interface RepositoryChange<T> {
  body: T;
  historyId: number | null;
}

async function sendChange<T>(
  method: 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<RepositoryChange<T>> {
  const answer = await requestWithHeaders<T>(method, path, body);
  const id = Number(answer.headers.get(HISTORY_ID_HEADER));
  return { body: answer.body, historyId: Number.isInteger(id) && id > 0 ? id : null };
}

// GET /students/{id}/repositories — newest first.
export const getRepositories = (learnerId: number, signal?: AbortSignal) =>
  api.get<RepositoryLinkList>(`/students/${learnerId}/repositories`, { signal });
export const useRepositories = (learnerId: number, enabled = true) =>
  useQuery({
    queryKey: githubKeys.repositories(learnerId),
    queryFn: ({ signal }) => getRepositories(learnerId, signal),
    enabled,
  });

/**
 * After a link, an unlink or their undo: every query under ['students'] — the learner's
 * repositories and activity, their record, and the board, whose cards show the current
 * project's repository.
 */
export const invalidateRepositories = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ['students'] });

// POST /students/{id}/repositories {url, projectId?} — 400 names why a URL is refused, 409 when
// already linked. Undoable.
export const linkRepository = (learnerId: number, body: LinkRepositoryBody) =>
  sendChange<RepositoryLink>('POST', `/students/${learnerId}/repositories`, body);
export function useLinkRepository(learnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkRepositoryBody) => linkRepository(learnerId, body),
    onSettled: () => invalidateRepositories(queryClient),
  });
}

// DELETE /repository-links/{id} (staff) — undoable.
export const unlinkRepository = (linkId: number) =>
  sendChange<void>('DELETE', `/repository-links/${linkId}`);
export function useUnlinkRepository() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: RepositoryLink) => unlinkRepository(link.id),
    onSettled: () => invalidateRepositories(queryClient),
  });
}
