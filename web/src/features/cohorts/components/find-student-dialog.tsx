import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Button, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showWithUndo, useTransferStudent } from '@/features/learners';
import { AppDialog } from '@/ui/dialog/index.ts';
import { useToast } from '@/ui/toasts/index.ts';
import { type StudentMatch, useStudentsByLastName } from '../api/lookups.ts';

const DEBOUNCE_MS = 250;

/** 'Find Student': add a learner who has no cohort yet, found by last name. */
export function FindStudentDialog({
  cohortId,
  cohortName,
}: {
  cohortId: number;
  cohortName: string;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const matches = useStudentsByLastName(search);
  // A transfer (from no cohort): its history entry's Undo takes the learner out again exactly,
  // with the first project it gave them.
  const transfer = useTransferStudent();
  const queryClient = useQueryClient();
  const toast = useToast();

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  function close(next: boolean) {
    setOpen(next);
    if (!next) {
      setText('');
      setSearch('');
    }
  }

  function onPick(student: StudentMatch) {
    transfer.mutate(
      { id: student.id, cohortId },
      {
        onSuccess: (result) => {
          close(false);
          showWithUndo(
            queryClient,
            `${student.name} transferred to ${cohortName}`,
            student.id,
            result.history_id,
          );
        },
        onError: (error) => toast.show(error.message, { type: 'error', duration: 'normal' }),
      },
    );
  }

  return (
    <>
      <Button color="blue" onClick={() => setOpen(true)}>
        Transfer Student to Cohort
      </Button>
      <AppDialog
        open={open}
        onOpenChange={close}
        title="Find Student"
        description={`Search for the student by their last name. They join ${cohortName}.`}
      >
        <TextField.Root
          placeholder="Student last name"
          aria-label="Student last name"
          value={text}
          autoFocus
          onChange={(event) => setText(event.target.value)}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon aria-hidden />
          </TextField.Slot>
        </TextField.Root>
        <Heading as="h3" size="3" mt="3" mb="2">
          Results
        </Heading>
        <Flex direction="column" gap="2" aria-live="polite">
          {search.length < 2 && (
            <Text size="2" color="gray">
              Type at least 2 letters.
            </Text>
          )}
          {search.length >= 2 && matches.isPending && <Text size="2">Searching…</Text>}
          {matches.isError && (
            <Text size="2" color="red">
              {matches.error.message}
            </Text>
          )}
          {matches.isSuccess && matches.data.length === 0 && <Text size="2">None</Text>}
          {matches.data?.map((student) => (
            <button
              key={student.id}
              type="button"
              className="lp-student-match"
              disabled={transfer.isPending}
              onClick={() => onPick(student)}
            >
              {student.name}
            </button>
          ))}
        </Flex>
        <Flex justify="end" mt="4">
          <Button variant="soft" color="gray" onClick={() => close(false)}>
            Cancel
          </Button>
        </Flex>
      </AppDialog>
    </>
  );
}
