import { type Toast, toast } from './toast-store.ts';

/** `const toast = useToast(); toast.show('Saved', { type: 'done', duration: 'short' })`. */
export function useToast(): Toast {
  return toast;
}
