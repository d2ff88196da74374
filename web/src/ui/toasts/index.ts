export { isOnToast, toast } from './toast-store.ts';
export { useToast } from './use-toast.ts';
