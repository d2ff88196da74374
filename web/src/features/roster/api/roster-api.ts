import type { RosterImport, RosterRefusal } from '@lp/contract/roster';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, download } from '@/lib/api-client.ts';

/** POST /cohorts/{id}/roster: a CSV roster, previewed (dryRun) or applied. */
export function postRoster(cohortId: number, csv: string, dryRun: boolean) {
  return api.post<RosterImport>(`/cohorts/${cohortId}/roster`, csv, {
    bodyType: 'text/csv',
    query: dryRun ? { dry_run: true } : undefined,
  });
}

export const usePreviewRoster = () =>
  useMutation({
    mutationFn: ({ cohortId, csv }: { cohortId: number; csv: string }) =>
      postRoster(cohortId, csv, true),
  });

/** Applies a roster; the cohort's board and counts change, so both are read again. */
export function useApplyRoster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cohortId, csv }: { cohortId: number; csv: string }) =>
      postRoster(cohortId, csv, false),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['students'] }),
        queryClient.invalidateQueries({ queryKey: ['cohorts'] }),
      ]),
  });
}

/** The lines of a refused apply (422), to show in place of the preview. */
export function refusedRows(error: unknown): RosterRefusal['rows'] | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = error.body as Partial<RosterRefusal> | undefined;
  return Array.isArray(body?.rows) ? body.rows : null;
}

/** GET /cohorts/{id}/progress.csv with the session's token. */
export const downloadProgress = (cohortId: number) => download(`/cohorts/${cohortId}/progress.csv`);
