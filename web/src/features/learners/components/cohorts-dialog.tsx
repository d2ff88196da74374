// The cohorts dialog (spec B §2): a checkbox per active cohort, ticked for the learner's current
// one. Ticking another cohort transfers the learner there (history kept, 'Undo' offered).
import { Checkbox, Flex, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useActiveCohorts } from '@/features/cohorts';
import { AppDialog } from '@/ui/dialog/index.ts';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { Loading } from '@/ui/loading.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { useTransferStudent } from '../api/learner-changes.ts';
import { useStudent } from '../api/student.ts';
import { showWithUndo } from '../api/undo.ts';
import { TRANSFERRED_TOAST } from '../model/texts.ts';

export interface CohortsDialogProps {
  learnerId: number;
  open: boolean;
  onClose: () => void;
}

export function CohortsDialog({ learnerId, open, onClose }: CohortsDialogProps) {
  const student = useStudent(learnerId, open);
  const cohorts = useActiveCohorts(open);
  const transfer = useTransferStudent();
  const queryClient = useQueryClient();
  const current = student.data?.current_cohort?.id;

  const moveTo = (cohortId: number) =>
    transfer.mutate(
      { id: learnerId, cohortId },
      {
        onSuccess: (result) =>
          showWithUndo(
            queryClient,
            `${TRANSFERRED_TOAST}: ${result.learner.name} to ${result.to.name}`,
            learnerId,
            result.history_id,
          ),
        onError: (error) => toast.show(error.message, { type: 'error', duration: 'normal' }),
      },
    );

  return (
    <AppDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={student.data ? `Cohort of ${student.data.name}` : 'Cohort'}
      description="Ticking another cohort transfers the learner there."
    >
      {cohorts.isPending || student.isPending ? (
        <Loading />
      ) : cohorts.isError ? (
        <ErrorCallout error={cohorts.error} retry={() => cohorts.refetch()} compact />
      ) : (
        <Flex direction="column" gap="2">
          {cohorts.data.map((cohort) => (
            <Text as="label" size="2" key={cohort.id}>
              <Flex gap="2" align="center">
                <Checkbox
                  checked={cohort.id === current}
                  disabled={cohort.id === current || transfer.isPending}
                  onCheckedChange={(checked) => checked === true && moveTo(cohort.id)}
                />
                {cohort.name}
              </Flex>
            </Text>
          ))}
        </Flex>
      )}
    </AppDialog>
  );
}
