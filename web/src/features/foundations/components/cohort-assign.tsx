import { Flex, RadioGroup, Text, TextField } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { type SyntheticEvent, useId, useState } from 'react';
import { showUndoableChange, useToast } from '@/ui/toasts/index.ts';
import { invalidateFoundations, unassignCohort, useAssignCohort } from '../api/foundations-api.ts';

type CohortType = 'Day' | 'Evening';

/**
 * Day/Evening and a cohort number for one unassigned learner; Enter in the number assigns once
 * both are chosen. Each row keeps its own choice, and clicks here never toggle the row.
 */
export function CohortAssign({ githubId, name }: { githubId: string; name: string }) {
  const [type, setType] = useState<CohortType | ''>('');
  const [number, setNumber] = useState('');
  const assign = useAssignCohort();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const stop = (event: SyntheticEvent) => event.stopPropagation();

  const submit = () => {
    const cohortNumber = Number(number);
    if (!type || !Number.isInteger(cohortNumber) || cohortNumber < 1) return;
    assign.mutate(
      { userId: githubId, cohortType: type, cohortNumber },
      {
        onSuccess: () =>
          showUndoableChange(
            {
              done: `${name} is now in ${type} ${cohortNumber}`,
              undo: () => unassignCohort(githubId),
              undone: `${name} is unassigned again.`,
            },
            () => invalidateFoundations(queryClient),
          ),
        onError: (error) => toast.show(error.message, { type: 'error' }),
      },
    );
  };

  return (
    <div onClick={stop} onKeyDown={stop}>
      <Flex align="center" gap="2" wrap="wrap">
        <RadioGroup.Root
          value={type}
          onValueChange={(value) => setType(value as CohortType)}
          aria-label={`Day or evening cohort for ${name}`}
          name={`cohort-type-${id}`}
          size="1"
        >
          <Flex gap="2">
            <Text as="label" size="1">
              <Flex gap="1" align="center">
                <RadioGroup.Item value="Day" /> Day
              </Flex>
            </Text>
            <Text as="label" size="1">
              <Flex gap="1" align="center">
                <RadioGroup.Item value="Evening" /> Evening
              </Flex>
            </Text>
          </Flex>
        </RadioGroup.Root>
        <TextField.Root
          size="1"
          type="number"
          min={1}
          placeholder="Cohort Number"
          aria-label={`Cohort number for ${name}`}
          value={number}
          disabled={assign.isPending}
          onChange={(event) => setNumber(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
          style={{ width: '8rem' }}
        />
      </Flex>
    </div>
  );
}
