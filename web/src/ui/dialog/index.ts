export { AppDialog } from './app-dialog.tsx';
export type { ConfirmOptions } from './confirm-provider.tsx';
export { openerOf, useReturnFocus } from './return-focus.ts';
export { useConfirm } from './use-confirm.ts';
