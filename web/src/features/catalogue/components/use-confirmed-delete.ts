import { useNavigate } from 'react-router';
import { errorText } from '@/lib/api-client.ts';
import { type ConfirmOptions, useConfirm } from '@/ui/dialog/index.ts';
import { useToast } from '@/ui/toasts/index.ts';

export interface ConfirmedDelete {
  confirm: ConfirmOptions;
  run: () => Promise<unknown>;
  /** Toast once it worked, and where to go next. */
  done: string;
  next: string;
  /** Title of the error toast when the server refused. */
  failedTitle?: string;
}

/** Asks first, then deletes, says what happened and leaves the deleted object's page. */
export function useConfirmedDelete() {
  const confirm = useConfirm();
  const toast = useToast();
  const navigate = useNavigate();
  return async ({ confirm: options, run, done, next, failedTitle }: ConfirmedDelete) => {
    if (!(await confirm(options))) return;
    try {
      await run();
      toast.show(done, { type: 'done', duration: 'normal' });
      navigate(next);
    } catch (error) {
      toast.show(errorText(error), { type: 'error', title: failedTitle });
    }
  };
}
