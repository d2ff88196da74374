import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/ui/toasts/index.ts';
import { invalidateLearners } from './keys.ts';
import { undoChange } from './learner-changes.ts';

/**
 * Undoes a clear or a transfer and says how it went. Plain functions rather than a hook: the toast
 * that offers it outlives the overlay that did the change.
 */
export async function runUndo(queryClient: QueryClient, learnerId: number, historyId: number) {
  try {
    const result = await undoChange(learnerId, historyId);
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
    await invalidateLearners(queryClient);
  }
}

/** A success toast with an 'Undo' action (clear and transfer can be undone for 30 days). */
export function showWithUndo(
  queryClient: QueryClient,
  text: string,
  learnerId: number,
  historyId: number,
) {
  toast.show(text, {
    type: 'done',
    duration: 'long',
    action: { label: 'Undo', onClick: () => void runUndo(queryClient, learnerId, historyId) },
  });
}
