import { Dialog, Flex } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { isOnToast } from '@/ui/toasts/index.ts';
import { useReturnFocus } from './return-focus.ts';
import './dialog.css';

interface AppDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** CSS max-width of the panel; defaults to 480px. */
  maxWidth?: string;
  children: ReactNode;
}

/**
 * The app's dialog: focus trap, Escape and backdrop close it, and a '[ close ]' control; focus
 * returns to what opened it.
 */
export function AppDialog({
  open,
  onOpenChange,
  title,
  description,
  maxWidth = '480px',
  children,
}: AppDialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        maxWidth={maxWidth}
        onInteractOutside={(event) => isOnToast(event) && event.preventDefault()}
        onEscapeKeyDown={(event) => isOnToast(event) && event.preventDefault()}
        onCloseAutoFocus={returnFocus}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <Flex justify="between" align="start" gap="3" mb="3">
          <Dialog.Title as="h2" mb="0">
            {title}
          </Dialog.Title>
          <Dialog.Close>
            <button type="button" className="lp-close-control">
              [ close ]
            </button>
          </Dialog.Close>
        </Flex>
        {description && (
          <Dialog.Description size="2" color="gray" mb="3">
            {description}
          </Dialog.Description>
        )}
        {children}
      </Dialog.Content>
    </Dialog.Root>
  );
}
