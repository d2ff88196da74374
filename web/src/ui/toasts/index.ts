export { isOnToast, toast, undoableToast } from './toast-store.ts';
export { showUndoableChange, type UndoableChange } from './undoable-change.ts';
export { useToast } from './use-toast.ts';
