// Every catalogue change says what it did and offers Undo in its toast (ui/toasts/undoable-change.ts);
// an undo, done or refused, refetches the catalogue.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showUndoableChange, type UndoableChange } from '@/ui/toasts/index.ts';
import { invalidateCatalogue } from '../api/invalidate.ts';

/** `showChange({ done, undo, undone })` once a catalogue change succeeded. */
export function useCatalogueChange() {
  const queryClient = useQueryClient();
  return useCallback(
    (change: UndoableChange) => showUndoableChange(change, () => invalidateCatalogue(queryClient)),
    [queryClient],
  );
}
