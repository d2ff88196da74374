import { useContext } from 'react';
import { type Confirm, ConfirmContext } from './confirm-provider.tsx';

/**
 * Asks before a destructive action:
 * `if (await confirm({ title: 'Delete course?', description: '…', confirmLabel: 'Delete' })) …`
 */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return confirm;
}
