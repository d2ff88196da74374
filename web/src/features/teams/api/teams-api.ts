import type { Project } from '@lp/contract/projects';
import type {
  CreateTeamsBatchBody,
  Team,
  TeamsBatchResponse,
  TicketMigrationResponse,
} from '@lp/contract/teams';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

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

/** All teams of the cohort in one request: every team is saved, or none. */
export const saveTeams = (body: CreateTeamsBatchBody) =>
  api.post<TeamsBatchResponse>('/teams/batch', body);

export const deleteTeams = (cohortId: number) =>
  api.del('/teams/reset', undefined, { query: { cohort: cohortId } });

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
