import type { RosterImport, RosterRefusal, RosterUndo } from '@lp/contract/roster';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, download, errorText } from '@/lib/api-client.ts';
import { toast } from '@/ui/toasts/index.ts';
import { importSummary } from '../model/summary.ts';

/**
 * POST /cohorts/{id}/roster: a CSV roster, previewed (dryRun) or applied. The file goes as its
 * bytes: the server tells its character encoding from them (a browser reading it as text would
 * have turned what is not UTF-8 into replacement characters).
 */
export function postRoster(cohortId: number, file: ArrayBuffer, dryRun: boolean) {
  return api.post<RosterImport>(`/cohorts/${cohortId}/roster`, file, {
    bodyType: 'text/csv',
    query: dryRun ? { dry_run: true } : undefined,
  });
}

export const usePreviewRoster = () =>
  useMutation({
    mutationFn: ({ cohortId, file }: { cohortId: number; file: ArrayBuffer }) =>
      postRoster(cohortId, file, true),
  });

/** An import changes the cohort's board and its learner count: both are read again. */
const invalidateRoster = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['students'] }),
    queryClient.invalidateQueries({ queryKey: ['cohorts'] }),
  ]);

export function useApplyRoster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cohortId, file }: { cohortId: number; file: ArrayBuffer }) =>
      postRoster(cohortId, file, false),
    onSuccess: () => invalidateRoster(queryClient),
  });
}

/**
 * Takes an applied import back and says how it went. A plain function rather than a hook: the
 * toast that offers it outlives the dialog that applied the import.
 */
export async function undoImport(queryClient: QueryClient, cohortId: number, importId: number) {
  try {
    const result = await api.post<RosterUndo>(`/cohorts/${cohortId}/roster/${importId}/undo`);
    toast.show(result.message, { type: 'done', duration: 'normal' });
  } catch (error) {
    toast.show(errorText(error), { type: 'error', duration: 'long' });
  } finally {
    await invalidateRoster(queryClient);
  }
}

/** Says what an applied import did, with its Undo when it brought anyone into the cohort. */
export function showApplied(queryClient: QueryClient, cohortId: number, applied: RosterImport) {
  const importId = applied.import_id;
  const joined = applied.counts.created + applied.counts.enrolled;
  const undo = () => void undoImport(queryClient, cohortId, importId ?? 0);
  toast.show(importSummary(applied.counts), {
    type: 'done',
    duration: 'long',
    ...(importId !== null && joined > 0 ? { action: { label: 'Undo', onClick: undo } } : {}),
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
