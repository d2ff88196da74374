import type { Cohort } from '@lp/contract/cohorts';
import { Button, Callout, Flex, Text, TextField } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { updateCohort, useUpdateCohort } from '../api/cohorts-api.ts';
import { useCohortChange } from './cohort-undo.ts';

/** 'Starts:' and 'Ends:' as editable calendar days, saved together. */
export function CohortDates({ cohort }: { cohort: Cohort }) {
  const [start, setStart] = useState(cohort.start_date);
  const [end, setEnd] = useState(cohort.end_date);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateCohort();
  const showChange = useCohortChange();

  useEffect(() => {
    setStart(cohort.start_date);
    setEnd(cohort.end_date);
  }, [cohort.start_date, cohort.end_date]);

  const changed = start !== cohort.start_date || end !== cohort.end_date;

  function onSave() {
    if (!start || !end) return setProblem('Please choose both dates.');
    if (end < start) return setProblem('The end date must not be before the start date.');
    setProblem(null);
    const before = { id: cohort.id, start_date: cohort.start_date, end_date: cohort.end_date };
    update.mutate(
      { id: cohort.id, start_date: start, end_date: end },
      {
        onSuccess: () =>
          showChange({
            done: `${cohort.name}: dates saved.`,
            undo: () => updateCohort(before),
            undone: `${cohort.name}: dates put back.`,
          }),
        onError: (error) => setProblem(error.message),
      },
    );
  }

  return (
    <Flex direction="column" gap="2">
      <Text as="label" size="2">
        <Flex align="center" gap="2" justify="between">
          Starts:
          <TextField.Root
            type="date"
            size="1"
            value={start}
            onChange={(e) => setStart(e.target.value)}
          />
        </Flex>
      </Text>
      <Text as="label" size="2">
        <Flex align="center" gap="2" justify="between">
          Ends:
          <TextField.Root
            type="date"
            size="1"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
          />
        </Flex>
      </Text>
      {problem && (
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Text>{problem}</Callout.Text>
        </Callout.Root>
      )}
      {changed && (
        <Flex justify="end">
          <Button size="1" loading={update.isPending} onClick={onSave}>
            Save dates
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
