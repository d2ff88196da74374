// The learner overlay (spec §2 Learner overlay): a full-screen dialog over the board.

import { Cross2Icon } from '@radix-ui/react-icons';
import { Dialog, Flex, IconButton, VisuallyHidden } from '@radix-ui/themes';
import { useReturnFocus } from '@/ui/dialog/index.ts';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { Loading } from '@/ui/loading.tsx';
import { isOnToast } from '@/ui/toasts/index.ts';
import { useStudent } from '../api/student.ts';
import type { LearnerPreview } from './learner-preview.tsx';
import { LearnerRecord } from './learner-record.tsx';
import './learners.css';

export interface LearnerOverlayProps {
  learnerId: number;
  open: boolean;
  onClose: () => void;
  /** What the board already shows of the learner, on screen at once while the record loads. */
  preview?: LearnerPreview;
}

export function LearnerOverlay({ learnerId, open, onClose, preview }: LearnerOverlayProps) {
  const student = useStudent(learnerId, open);
  const name = student.data?.name ?? preview?.name;
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Content
        className="lp-overlay"
        maxWidth="min(1200px, 96vw)"
        onInteractOutside={(event) => isOnToast(event) && event.preventDefault()}
        onEscapeKeyDown={(event) => isOnToast(event) && event.preventDefault()}
        onCloseAutoFocus={returnFocus}
        aria-describedby={undefined}
      >
        <VisuallyHidden>
          <Dialog.Title>{name ? `Learner: ${name}` : 'Learner'}</Dialog.Title>
        </VisuallyHidden>
        <Flex justify="center" mb="2">
          <Dialog.Close>
            <IconButton variant="soft" color="gray" radius="full" aria-label="Close">
              <Cross2Icon />
            </IconButton>
          </Dialog.Close>
        </Flex>
        {student.isError ? (
          <ErrorCallout error={student.error} retry={() => student.refetch()} compact />
        ) : student.data || preview ? (
          <LearnerRecord
            learnerId={learnerId}
            learner={student.data}
            preview={preview}
            onCleared={onClose}
            onDeleted={onClose}
          />
        ) : (
          <Loading label="Loading learner…" />
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
