export { isOnToast, toast, undoableToast } from './toast-store.ts';
export { useToast } from './use-toast.ts';
