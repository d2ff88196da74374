// The learner overlay (spec §2 Learner overlay): a full-screen dialog over the board.

import { Cross2Icon } from '@radix-ui/react-icons';
import { Dialog, Flex, IconButton, VisuallyHidden } from '@radix-ui/themes';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { Loading } from '@/ui/loading.tsx';
import { isOnToast } from '@/ui/toasts/index.ts';
import { useStudent } from '../api/student.ts';
import { LearnerRecord } from './learner-record.tsx';
import './learners.css';

export interface LearnerOverlayProps {
  learnerId: number;
  open: boolean;
  onClose: () => void;
}

export function LearnerOverlay({ learnerId, open, onClose }: LearnerOverlayProps) {
  const student = useStudent(learnerId, open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Content
        className="lp-overlay"
        maxWidth="min(1200px, 96vw)"
        onInteractOutside={(event) => isOnToast(event) && event.preventDefault()}
        aria-describedby={undefined}
      >
        <VisuallyHidden>
          <Dialog.Title>{student.data ? `Learner: ${student.data.name}` : 'Learner'}</Dialog.Title>
        </VisuallyHidden>
        <Flex justify="center" mb="2">
          <Dialog.Close>
            <IconButton variant="soft" color="gray" radius="full" aria-label="Close">
              <Cross2Icon />
            </IconButton>
          </Dialog.Close>
        </Flex>
        {student.isPending ? (
          <Loading label="Loading learner…" />
        ) : student.isError ? (
          <ErrorCallout error={student.error} retry={() => student.refetch()} compact />
        ) : (
          <LearnerRecord learner={student.data} onCleared={onClose} onDeleted={onClose} />
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
