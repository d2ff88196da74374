import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import type { Project } from '@lp/contract/projects';
import type {
  CreateTeamsBatchBody,
  Team,
  TeamsBatchResponse,
  TeamsUndo,
  TicketMigrationResponse,
} from '@lp/contract/teams';
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type Answered, api, errorText, requestWithHeaders } from '@/lib/api-client.ts';
import { toast, undoableToast } from '@/ui/toasts/index.ts';

export const getTeams = (cohortId: number, signal?: AbortSignal) =>
  api.get<Team[]>('/teams', { query: { cohort: cohortId }, signal });

export const teamsQueryKey = (cohortId: number) => ['teams', { cohort: cohortId }] as const;

export const teamsQuery = (cohortId: number) =>
  queryOptions({
    queryKey: teamsQueryKey(cohortId),
    queryFn: ({ signal }) => getTeams(cohortId, signal),
  });

export const useTeams = (cohortId: number) => useQuery(teamsQuery(cohortId));

/** Group projects of active courses; the builder keeps the active ones. */
export const getGroupProjects = (signal?: AbortSignal) =>
  api.get<Project[]>('/projects', { query: { group: true }, signal });

export const groupProjectsQuery = queryOptions({
  queryKey: ['projects', { group: true }],
  queryFn: ({ signal }) => getGroupProjects(signal),
  select: (projects: Project[]) => projects.filter((p) => p.is_group_project && p.active),
  staleTime: 5 * 60_000,
});

export const useGroupProjects = () => useQuery(groupProjectsQuery);

/** A save or delete of the teams, with the history entry that undoes it (null if none was named). */
export interface TeamsChanged<T> {
  body: T;
  historyId: number | null;
}

const changed = <T>(answer: Answered<T>): TeamsChanged<T> => {
  const id = Number(answer.headers.get(HISTORY_ID_HEADER));
  return { body: answer.body, historyId: Number.isInteger(id) && id > 0 ? id : null };
};

/** All teams of the cohort in one request: every team is saved, or none. */
export const saveTeams = async (body: CreateTeamsBatchBody) =>
  changed(await requestWithHeaders<TeamsBatchResponse>('POST', '/teams/batch', body));

export const deleteTeams = async (cohortId: number) =>
  changed(
    await requestWithHeaders<void>('DELETE', '/teams/reset', undefined, {
      query: { cohort: cohortId },
    }),
  );

export const migrateTickets = (teamId: number) =>
  api.post<TicketMigrationResponse>(`/teams/${teamId}/migrate`);

export function useSaveTeams(cohortId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTeams,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamsQueryKey(cohortId) }),
  });
}

export function useDeleteTeams(cohortId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTeams(cohortId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamsQueryKey(cohortId) }),
  });
}

export const useMigrateTickets = () => useMutation({ mutationFn: migrateTickets });

const undoAbout = (historyId: number) => `teams undo ${historyId}`;

/**
 * Undoes a save or delete of the teams and says how it went; the toast that offered it goes, as
 * it has nothing left to undo. A plain function rather than a hook: the toast outlives the
 * screen that made the change.
 */
export async function undoTeamsChange(
  queryClient: QueryClient,
  cohortId: number,
  historyId: number,
) {
  try {
    const result = await api.post<TeamsUndo>(`/teams/history/${historyId}/undo`);
    toast.dismissAbout(undoAbout(historyId));
    toast.show(result.message, { type: 'done', duration: 'normal' });
  } catch (error) {
    toast.show(errorText(error), { type: 'error', duration: 'long' });
  } finally {
    await queryClient.invalidateQueries({ queryKey: teamsQueryKey(cohortId) });
  }
}

/** A toast saying what was done, with Undo when the server named the change's entry. */
export function showTeamsChange(
  queryClient: QueryClient,
  cohortId: number,
  text: string,
  historyId: number | null,
) {
  toast.show(
    text,
    historyId === null
      ? { type: 'done', duration: 'long' }
      : undoableToast(
          () => void undoTeamsChange(queryClient, cohortId, historyId),
          undoAbout(historyId),
        ),
  );
}
