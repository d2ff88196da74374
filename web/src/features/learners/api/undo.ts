import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import type { QueryClient } from '@tanstack/react-query';
import { type RequestOptions, requestWithHeaders } from '@/lib/api-client.ts';
import { toast, undoableToast } from '@/ui/toasts/index.ts';
import { invalidateLearners } from './keys.ts';
import { undoChange } from './learner-changes.ts';

/** What an undoable change answered, with the history entry that undoes it (if the server sent one). */
export interface Undoable<T> {
  body: T;
  historyId: number | null;
}

/**
 * Sends a change the server records in the learner's history (a board move, a status, an
 * objective achieved, a capstone step, a tag or note removal) and keeps the id of its entry.
 */
export async function sendUndoable<T = void>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<Undoable<T>> {
  const answer = await requestWithHeaders<T>(method, path, body, options);
  const id = Number(answer.headers.get(HISTORY_ID_HEADER));
  return { body: answer.body, historyId: Number.isInteger(id) && id > 0 ? id : null };
}

/** One change's history entry, or the entries of changes made as one (Start Tracking). */
type HistoryIds = number | readonly number[];

const idsOf = (historyIds: HistoryIds) =>
  typeof historyIds === 'number' ? [historyIds] : [...historyIds];

const undoAbout = (learnerId: number, historyIds: HistoryIds) =>
  `undo ${learnerId} ${idsOf(historyIds).join(',')}`;

/**
 * Undoes a change of the learner's history and says how it went. Plain functions rather than a hook: the toast
 * that offers it outlives the overlay that did the change.
 */
export async function runUndo(
  queryClient: QueryClient,
  learnerId: number,
  historyId: HistoryIds,
  onUndone?: () => unknown,
) {
  try {
    // Several entries are undone newest first, as they would be one by one.
    let result = await undoChange(learnerId, idsOf(historyId).at(-1) ?? 0);
    for (const id of idsOf(historyId).reverse().slice(1)) result = await undoChange(learnerId, id);
    // Its toast's Undo, if one is still on screen, has nothing left to undo.
    toast.dismissAbout(undoAbout(learnerId, historyId));
    const where = result.current_cohort ? ` (${result.current_cohort.name})` : '';
    toast.show(`${result.message}: ${result.learner.name}${where}`, {
      type: 'done',
      duration: 'normal',
    });
    return true;
  } catch (error) {
    toast.show((error as Error).message, { type: 'error', duration: 'long' });
    return false;
  } finally {
    await Promise.all([invalidateLearners(queryClient), onUndone?.()]);
  }
}

/**
 * A success toast with an 'Undo' action (every change in the learner's history can be undone for
 * UNDO_WINDOW_DAYS days); a plain one when the server named no history entry.
 */
export function showWithUndo(
  queryClient: QueryClient,
  text: string,
  learnerId: number,
  historyId: HistoryIds | null,
  /** What else to read again after the undo (the change's own screens). */
  onUndone?: () => unknown,
) {
  toast.show(
    text,
    historyId === null
      ? { type: 'done', duration: 'long' }
      : undoableToast(
          () => void runUndo(queryClient, learnerId, historyId, onUndone),
          undoAbout(learnerId, historyId),
        ),
  );
}
