export { AppDialog } from './app-dialog.tsx';
export type { Confirm, ConfirmOptions } from './confirm-provider.tsx';
export { ConfirmProvider } from './confirm-provider.tsx';
export { openerOf, useReturnFocus } from './return-focus.ts';
export { useConfirm } from './use-confirm.ts';
