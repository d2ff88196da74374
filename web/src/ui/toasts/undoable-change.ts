// A change that says what it did and offers Undo in its toast. The undo is the change's inverse
// through the same API (the values before a save, say), run once: a double click's second click
// still lands on the toast as it fades. Then a toast says what the undo did, or why it could not.
// The toast outlives the form that made the change, so it holds plain functions, not hooks.
import { errorText } from '@/lib/api-client.ts';
import { show, undoableToast } from './toast-store.ts';

export interface UndoableChange {
  /** What the change did ('Project saved.'). */
  done: string;
  /** Puts back what the change changed; a refusal (an Error or the API's) is shown as it is. */
  undo: () => Promise<unknown>;
  /** What the undo did ('Nashville Kennels: changes undone.'). */
  undone: string;
  /** The change's toast as a warning when what it led to needs a look ('you coach no cohort now'). */
  warning?: boolean;
}

let changes = 0;

/** Shows `change.done` with Undo; `settle` runs after an undo, done or refused (a refetch). */
export function showUndoableChange(change: UndoableChange, settle: () => Promise<unknown>): void {
  let undoing = false;
  const undo = async () => {
    if (undoing) return;
    undoing = true;
    try {
      await change.undo();
      show(change.undone, { type: 'done', duration: 'normal' });
    } catch (error) {
      show(errorText(error), { type: 'error', title: 'Not undone' });
    } finally {
      await settle();
    }
  };
  const options = undoableToast(() => void undo(), `undoable change ${++changes}`);
  show(change.done, change.warning ? { ...options, type: 'warning' } : options);
}
