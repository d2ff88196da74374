// Every catalogue change says what it did and offers Undo in its toast. The undo is the change's
// inverse through the same API (the values before a save, the delete of what was added), run once:
// the toast outlives the form that made the change, so it holds plain functions, not hooks.
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { errorText } from '@/lib/api-client.ts';
import { toast, undoableToast } from '@/ui/toasts/index.ts';
import { invalidateCatalogue } from '../api/invalidate.ts';

export interface CatalogueChange {
  /** What the change did ('Project saved.'). */
  done: string;
  /** Puts back what the change changed; a refusal (an Error or the API's) is shown as it is. */
  undo: () => Promise<unknown>;
  /** What the undo did ('Nashville Kennels: changes undone.'). */
  undone: string;
}

let changes = 0;

function showCatalogueChange(queryClient: QueryClient, change: CatalogueChange) {
  // Once: a second click of a double click still lands on the toast while it fades out.
  let undoing = false;
  const undo = async () => {
    if (undoing) return;
    undoing = true;
    try {
      await change.undo();
      toast.show(change.undone, { type: 'done', duration: 'normal' });
    } catch (error) {
      toast.show(errorText(error), { type: 'error', title: 'Not undone' });
    } finally {
      await invalidateCatalogue(queryClient);
    }
  };
  toast.show(
    change.done,
    undoableToast(() => void undo(), `catalogue change ${++changes}`),
  );
}

/** `showChange({ done, undo, undone })` once a catalogue change succeeded. */
export function useCatalogueChange() {
  const queryClient = useQueryClient();
  return useCallback(
    (change: CatalogueChange) => showCatalogueChange(queryClient, change),
    [queryClient],
  );
}
