// The learners feature's public surface: the learner overlay and dialogs the board opens, the tag
// chips, and the route screens (/learners/:learnerId, /feedback/new).
// Props are stable: { learnerId, open, onClose } for the overlay and both dialogs; the overlay
// also takes the board's preview of the learner. `studentQuery` is the record's query, for
// prefetching it before the overlay opens; `invalidateLearner` reads a learner's record again
// after a change made elsewhere (the live board), `invalidateLearnersOnScreen` every one shown.
// Every change made here invalidates queries under ['students'] (the board's key included).
// sendUndoable + showWithUndo: how other features send a change the learner's History records
// and offer its Undo in the toast.

export { invalidateLearner, invalidateLearnersOnScreen } from './api/keys.ts';
export { useTransferStudent } from './api/learner-changes.ts';
export { studentQuery } from './api/student.ts';
export { sendUndoable, showWithUndo, type Undoable } from './api/undo.ts';
export { LearnerOverlay } from './components/learner-overlay.tsx';
export type { LearnerPreview } from './components/learner-preview.tsx';
export { NotesDialog } from './components/notes-dialog.tsx';
export { TagChips } from './components/tag-chips.tsx';
export { TagDialog } from './components/tag-dialog.tsx';
