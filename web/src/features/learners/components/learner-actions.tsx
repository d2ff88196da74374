// The overlay's three actions (client §8.1): Clear Student Data, Delete Student Permanently,
// Transfer Student. Both removals ask first with the spec's texts; clear and transfer can be undone.
import type { ClearedCounts, StudentDetail } from '@lp/contract/learners';
import { Button, Flex, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { PasswordLinkButton } from '@/features/accounts';
import { useSignInOptions } from '@/features/auth';
import { useConfirm } from '@/ui/dialog/index.ts';
import { toast } from '@/ui/toasts/index.ts';
import { useClearStudent, useDeleteStudent } from '../api/learner-changes.ts';
import { showWithUndo } from '../api/undo.ts';
import { ACTION_QUESTIONS, CLEAR_CONFIRMATION, DELETE_CONFIRMATION } from '../model/texts.ts';
import { TransferDialog } from './transfer-dialog.tsx';

/** 'Removed 3 projects, 1 tag and 12 learning records' — what the server says it removed. */
export function describeRemoved(removed: Partial<ClearedCounts> & { notes?: number }) {
  const nouns: Array<[number | undefined, string]> = [
    [removed.projects, 'project'],
    [removed.assessments, 'assessment'],
    [removed.learning_records, 'learning record'],
    [removed.core_skill_records, 'core skill rating'],
    [removed.capstones, 'capstone'],
    [removed.tags, 'tag'],
    [removed.notes, 'note'],
  ];
  const parts = nouns
    .filter(([count]) => (count ?? 0) > 0)
    .map(([count, noun]) => `${count} ${noun}${count === 1 ? '' : 's'}`);
  return parts.length ? `Removed ${parts.join(', ')}.` : 'There was no progress to remove.';
}

export interface LearnerActionsProps {
  learner: StudentDetail;
  /** After 'Clear Student Data' or a transfer (the learner left their cohort's board). */
  onCleared: () => void;
  /** After 'Delete Student Permanently' (the learner is gone). */
  onDeleted: () => void;
}

export function LearnerActions({ learner, onCleared, onDeleted }: LearnerActionsProps) {
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const clear = useClearStudent();
  const remove = useDeleteStudent();
  const [transferring, setTransferring] = useState(false);
  const signInOptions = useSignInOptions();
  const failed = (error: Error) => toast.show(error.message, { type: 'error', duration: 'long' });

  const clearData = async () => {
    const yes = await confirm({
      title: 'Clear Student Data',
      description: CLEAR_CONFIRMATION,
      confirmLabel: 'Clear Student Data',
    });
    if (!yes) return;
    clear.mutate(learner.id, {
      onSuccess: (result) => {
        // Nothing was left to clear: nothing changed, so there is nothing to undo.
        if (result.history_id === null) toast.show(result.message, { type: 'info' });
        else
          showWithUndo(
            queryClient,
            `${result.message} ${describeRemoved(result.removed)}`,
            learner.id,
            result.history_id,
          );
        onCleared();
      },
      onError: failed,
    });
  };

  const deletePermanently = async () => {
    const yes = await confirm({
      title: 'Delete Student Permanently',
      description: DELETE_CONFIRMATION,
      confirmLabel: 'Delete Student Permanently',
    });
    if (!yes) return;
    remove.mutate(learner.id, {
      onSuccess: (result) => {
        toast.show(`${result.message} ${describeRemoved(result.removed)}`, {
          type: 'done',
          duration: 'long',
        });
        onDeleted();
      },
      onError: failed,
    });
  };

  return (
    <Flex gap="5" wrap="wrap" align="end" className="lp-learner-actions">
      <ActionBlock question={ACTION_QUESTIONS.clear}>
        <Button size="1" color="orange" loading={clear.isPending} onClick={clearData}>
          Clear Student Data
        </Button>
      </ActionBlock>
      <ActionBlock question={ACTION_QUESTIONS.delete}>
        <Button size="1" color="red" loading={remove.isPending} onClick={deletePermanently}>
          Delete Student Permanently
        </Button>
      </ActionBlock>
      <ActionBlock question={ACTION_QUESTIONS.transfer}>
        <Button size="1" color="cyan" onClick={() => setTransferring(true)}>
          Transfer Student
        </Button>
      </ActionBlock>
      {signInOptions.data?.password && (
        <ActionBlock question={ACTION_QUESTIONS.passwordLink}>
          <PasswordLinkButton learnerId={learner.id} name={learner.name} />
        </ActionBlock>
      )}
      <TransferDialog
        learnerId={learner.id}
        currentCohort={learner.current_cohort}
        open={transferring}
        onClose={() => setTransferring(false)}
        onTransferred={onCleared}
      />
    </Flex>
  );
}

function ActionBlock({ question, children }: { question: string; children: ReactNode }) {
  return (
    <Flex direction="column" gap="1" align="start" className="lp-learner-actions__block">
      <Text size="1" color="gray">
        {question}
      </Text>
      {children}
    </Flex>
  );
}
