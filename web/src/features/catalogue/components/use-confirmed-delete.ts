import { useNavigate } from 'react-router';
import { errorText } from '@/lib/api-client.ts';
import { type ConfirmOptions, useConfirm } from '@/ui/dialog/index.ts';
import { useToast } from '@/ui/toasts/index.ts';
import { useCatalogueChange } from './catalogue-undo.ts';

export interface ConfirmedDelete {
  confirm: ConfirmOptions;
  run: () => Promise<unknown>;
  /** Toast once it worked, and where to go next. */
  done: string;
  next: string;
  /** Title of the error toast when the server refused. */
  failedTitle?: string;
  /** Puts the object back, offered in the toast; without it the toast only says what was done. */
  undo?: { run: () => Promise<unknown>; done: string };
}

/** Asks first, then deletes, says what happened (with Undo where it can) and leaves the deleted object's page. */
export function useConfirmedDelete() {
  const confirm = useConfirm();
  const toast = useToast();
  const navigate = useNavigate();
  const showChange = useCatalogueChange();
  return async ({ confirm: options, run, done, next, failedTitle, undo }: ConfirmedDelete) => {
    if (!(await confirm(options))) return;
    try {
      await run();
      if (undo) showChange({ done, undo: undo.run, undone: undo.done });
      else toast.show(done, { type: 'done', duration: 'normal' });
      navigate(next);
    } catch (error) {
      toast.show(errorText(error), { type: 'error', title: failedTitle });
    }
  };
}
