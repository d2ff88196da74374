// Every change to a cohort says what it did and offers Undo in its toast (ui/toasts/undoable-change.ts);
// an undo, done or refused, refetches the cohorts, their links and the coached cohorts.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { showUndoableChange, type UndoableChange } from '@/ui/toasts/index.ts';
import { refreshAfterCohortChange } from '../api/cohorts-api.ts';

/** `showChange({ done, undo, undone })` once a change to a cohort succeeded. */
export function useCohortChange() {
  const queryClient = useQueryClient();
  return useCallback(
    (change: UndoableChange) =>
      showUndoableChange(change, () => refreshAfterCohortChange(queryClient)),
    [queryClient],
  );
}
