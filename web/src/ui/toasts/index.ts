export type { ToastAction, ToastDuration, ToastOptions, ToastType } from './toast-store.ts';
export { isOnToast, toast } from './toast-store.ts';
export { Toaster } from './toaster.tsx';
export { useToast } from './use-toast.ts';
