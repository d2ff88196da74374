import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import type { ConfirmOptions } from './confirm-provider.tsx';
import { useReturnFocus } from './return-focus.ts';
import '../radix-themes.css';

interface ConfirmDialogProps {
  request: ConfirmOptions | null;
  onAnswer: (confirmed: boolean) => void;
}

/** The confirmation dialog itself; loaded the first time something asks. */
export default function ConfirmDialog({ request, onAnswer }: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(request !== null);
  return (
    <AlertDialog.Root open={request !== null} onOpenChange={(open) => !open && onAnswer(false)}>
      <AlertDialog.Content maxWidth="440px" onCloseAutoFocus={returnFocus}>
        <AlertDialog.Title as="h2">{request?.title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{request?.description}</AlertDialog.Description>
        <Flex gap="3" mt="4" justify="end">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              {request?.cancelLabel ?? 'Cancel'}
            </Button>
          </AlertDialog.Cancel>
          <Button
            color={request?.destructive === false ? undefined : 'red'}
            onClick={() => onAnswer(true)}
          >
            {request?.confirmLabel ?? 'Confirm'}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
