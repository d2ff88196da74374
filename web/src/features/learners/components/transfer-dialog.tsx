// 'Choose Cohort' (spec §2 Transfer dialog): the learner moves to another cohort and keeps their
// history; the toast offers 'Undo'.
import type { CohortRef } from '@lp/contract/learners';
import { Button, Flex, Select, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useActiveCohorts } from '@/features/cohorts';
import { AppDialog } from '@/ui/dialog/index.ts';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { useTransferStudent } from '../api/learner-changes.ts';
import { showWithUndo } from '../api/undo.ts';
import { TRANSFER_DESCRIPTION, TRANSFER_TITLE, TRANSFERRED_TOAST } from '../model/texts.ts';

export interface TransferDialogProps {
  learnerId: number;
  currentCohort: CohortRef | null;
  open: boolean;
  onClose: () => void;
  /** After the transfer: the learner has left this cohort's board. */
  onTransferred?: () => void;
}

export function TransferDialog({
  learnerId,
  currentCohort,
  open,
  onClose,
  onTransferred,
}: TransferDialogProps) {
  const cohorts = useActiveCohorts(open);
  const transfer = useTransferStudent();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string>('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setChosen('');
    setProblem(null);
    onClose();
  };
  const targets = (cohorts.data ?? []).filter((cohort) => cohort.id !== currentCohort?.id);

  const submit = () => {
    const cohortId = Number(chosen);
    if (!cohortId) {
      setProblem('Choose the cohort the student is transferring to.');
      return;
    }
    transfer.mutate(
      { id: learnerId, cohortId },
      {
        onSuccess: (result) => {
          const project = result.assigned_project
            ? `, starting ${result.assigned_project.name}`
            : '';
          showWithUndo(
            queryClient,
            `${TRANSFERRED_TOAST}: ${result.learner.name} to ${result.to.name}${project}`,
            learnerId,
            result.history_id,
          );
          close();
          onTransferred?.();
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <AppDialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={TRANSFER_TITLE}
      description={TRANSFER_DESCRIPTION}
    >
      {cohorts.isError && (
        <ErrorCallout error={cohorts.error} retry={() => cohorts.refetch()} compact />
      )}
      <Flex direction="column" gap="2">
        <Text as="label" size="2" weight="bold" id="lp-transfer-cohort">
          Cohort
        </Text>
        <Select.Root value={chosen} onValueChange={setChosen} disabled={cohorts.isPending}>
          <Select.Trigger
            aria-labelledby="lp-transfer-cohort"
            placeholder={currentCohort?.name ?? 'Not in a cohort'}
          />
          <Select.Content position="popper">
            {targets.map((cohort) => (
              <Select.Item key={cohort.id} value={String(cohort.id)}>
                {cohort.name}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
        {problem && (
          <Text size="2" color="red" role="alert">
            {problem}
          </Text>
        )}
      </Flex>
      <Flex gap="3" mt="4" justify="end">
        <Button variant="soft" color="gray" onClick={close}>
          Cancel
        </Button>
        <Button onClick={submit} loading={transfer.isPending} disabled={!chosen}>
          Transfer
        </Button>
      </Flex>
    </AppDialog>
  );
}
