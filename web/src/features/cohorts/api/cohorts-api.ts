import type {
  Cohort,
  CohortInfo,
  CreateCohortBody,
  InvitationSecret,
  UpdateCohortBody,
  UpdateCohortInfoBody,
} from '@lp/contract/cohorts';
import { COHORT_PAGE_SIZE } from '@lp/contract/constants';
import type { CalendarSubscription } from '@lp/contract/events';
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// Keys: ['cohorts', 'list', query], ['cohorts', 'detail', id], ['cohortinfo', id]. These hooks are
// the only readers of these requests: the dashboard, the learner dialogs and the team builder use
// them too (through the feature's index.ts), so invalidating ['cohorts'] refreshes every screen.

export type CohortView = 'active' | 'previous';

const listQuery = (view: CohortView) =>
  view === 'active' ? { active: true } : { active: false, limit: COHORT_PAGE_SIZE };

/** Active cohorts, or the 12 most recent that are no longer active (spec §7, page size 12). */
export function getCohorts(view: CohortView, signal?: AbortSignal) {
  return api.get<Cohort[]>('/cohorts', { query: listQuery(view), signal });
}

export const cohortListQuery = (view: CohortView) =>
  queryOptions({
    queryKey: ['cohorts', 'list', listQuery(view)],
    queryFn: ({ signal }) => getCohorts(view, signal),
    staleTime: 60_000,
  });

export const useCohortList = (view: CohortView) => useQuery(cohortListQuery(view));

/** GET /cohorts?active=true: the cohort strip, transfer targets; fetched when `enabled`. */
export const useActiveCohorts = (enabled = true) =>
  useQuery({ ...cohortListQuery('active'), enabled });

/** GET /cohorts/{id}: a cohort's name, dates, time zone, coaches and capstone flag. */
export const cohortQuery = (id: number) =>
  queryOptions({
    queryKey: ['cohorts', 'detail', id],
    queryFn: ({ signal }) => api.get<Cohort>(`/cohorts/${id}`, { signal }),
  });

export const useCohort = (id: number | null) =>
  useQuery({ ...cohortQuery(id ?? 0), enabled: id !== null });

export const cohortInfoQuery = (infoId: number) =>
  queryOptions({
    queryKey: ['cohortinfo', infoId],
    queryFn: ({ signal }) => api.get<CohortInfo>(`/cohortinfo/${infoId}`, { signal }),
  });

export const useCohortInfo = (infoId: number | null) =>
  useQuery({ ...cohortInfoQuery(infoId ?? 0), enabled: infoId !== null });

const refreshCohorts = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ['cohorts'] });

/**
 * After an undo of a cohort change: the lists, the details, the links, the coached cohorts and
 * the learners (a migration undone moves them back; the board hears it on its live stream).
 */
export const refreshAfterCohortChange = (queryClient: QueryClient) =>
  Promise.all([
    refreshCohorts(queryClient),
    queryClient.invalidateQueries({ queryKey: ['cohortinfo'] }),
    queryClient.invalidateQueries({ queryKey: ['profile'] }),
    queryClient.invalidateQueries({ queryKey: ['students'] }),
  ]);

/** A mutation that refreshes every cohort list and detail when it settles. */
function useCohortMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  extraKeys: readonly unknown[][] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await Promise.all([
        refreshCohorts(queryClient),
        ...extraKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]);
    },
  });
}

// The calls themselves, for the mutations below and for the undo of what they did.
export const updateCohort = ({ id, ...body }: UpdateCohortBody & { id: number }) =>
  api.put<void>(`/cohorts/${id}`, body);

/** Removes a cohort no learner was ever in (the server refuses one that has had learners). */
export const removeCohort = (id: number) => api.del(`/cohorts/${id}`);

export const setCohortActive = ({ id, active }: { id: number; active: boolean }) =>
  api.put<void>(`/cohorts/${id}/active`, { id, active });

export const joinCohort = (id: number) =>
  api.post<{ message: string }>(`/cohorts/${id}/assign`, undefined, {
    query: { userType: 'instructor' },
  });

export const leaveCohort = (id: number) =>
  api.del(`/cohorts/${id}/assign`, undefined, { query: { userType: 'instructor' } });

export interface CohortLinks {
  cohortId: number;
  /** The cohort's info record; null before its links were first saved. */
  infoId: number | null;
  urls: UpdateCohortInfoBody;
}

/** Saves the cohort's links (PUT when it has an info record, POST otherwise); answers the record's id. */
export const saveCohortInfo = async ({ cohortId, infoId, urls }: CohortLinks): Promise<number> => {
  if (infoId !== null) {
    await api.put<void>(`/cohortinfo/${infoId}`, urls);
    return infoId;
  }
  const created = await api.post<CohortInfo>('/cohortinfo', { cohort: cohortId, ...urls });
  return created.id;
};

export const useCreateCohort = () =>
  useCohortMutation((body: CreateCohortBody) => api.post<Cohort>('/cohorts', body));

export const useUpdateCohort = () => useCohortMutation(updateCohort);

export const useSetCohortActive = () => useCohortMutation(setCohortActive);

// Joining or leaving changes the profile's list of coached cohorts too.
export const useJoinCohort = () => useCohortMutation(joinCohort, [['profile']]);

export const useLeaveCohort = () => useCohortMutation(leaveCohort, [['profile']]);

/** Undoes the cohort's latest migration to server side (refused once a learner moved on). */
export const undoMigration = (id: number) => api.del(`/cohorts/${id}/migrate`);

export const useMigrateCohort = () =>
  useCohortMutation((id: number) => api.put<void>(`/cohorts/${id}/migrate`), [['students']]);

export const useRotateInvitation = () =>
  useCohortMutation((id: number) => api.post<InvitationSecret>(`/cohorts/${id}/invitation`));

export const useRotateCalendarFeed = () =>
  useCohortMutation((id: number) => api.post<CalendarSubscription>(`/cohorts/${id}/calendar`));

export const useSaveCohortInfo = () => useCohortMutation(saveCohortInfo, [['cohortinfo']]);
