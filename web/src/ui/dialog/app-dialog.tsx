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

/** What a dialog opens on: its first field, if it has one. */
const FIRST_FIELD =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), [role="combobox"]:not([aria-disabled="true"])';

/**
 * Opens a form dialog on its first field, and any other on the dialog itself: never on
 * '[ close ]' (a Space typed there would close it) or on an action such as Delete.
 */
function focusOnOpen(event: Event) {
  const content = event.currentTarget as HTMLElement;
  event.preventDefault();
  (content.querySelector<HTMLElement>(FIRST_FIELD) ?? content).focus();
}

/**
 * The app's dialog: focus trap, Escape and backdrop close it, and a '[ close ]' control; it
 * opens on its first field and focus returns to what opened it.
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
        onOpenAutoFocus={focusOnOpen}
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
