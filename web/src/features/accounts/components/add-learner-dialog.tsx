import type { AddedLearner } from '@lp/contract/accounts';
import { USERNAME_PATTERN } from '@lp/contract/constants';
import { Button, Callout, Flex, Select, Text, TextField } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useSignInOptions } from '@/features/auth';
import { errorText } from '@/lib/api-client.ts';
import { AppDialog } from '@/ui/dialog/index.ts';
import { FormField } from '@/ui/form-field.tsx';
import { useToast } from '@/ui/toasts/index.ts';
import { undoAddLearner, useAddLearner } from '../api/accounts-api.ts';
import { OneTimeLink } from './one-time-link.tsx';

interface CohortChoice {
  id: number;
  name: string;
}

interface AddLearnerProps {
  /** The cohort the form starts on. */
  cohort: CohortChoice;
  /** The cohorts to choose from (the one above among them or not). */
  cohorts: CohortChoice[];
}

const USERNAME = new RegExp(USERNAME_PATTERN);

/**
 * 'Add learner': a learner who signs in with a password, for servers without GitHub sign-in
 * (or learners without GitHub). The form takes the name, the username and the cohort; the
 * answer is a one-time link on which the learner sets their password. Offered only where
 * password sign-in is on.
 */
export function AddLearnerButton({ cohort, cohorts }: AddLearnerProps) {
  const [open, setOpen] = useState(false);
  const options = useSignInOptions();
  if (options.data?.password !== true) return null;
  return (
    <>
      <Button color="green" variant="soft" onClick={() => setOpen(true)}>
        Add learner
      </Button>
      <AppDialog
        open={open}
        onOpenChange={setOpen}
        title="Add learner"
        description="A learner who signs in with a username and password: you get a one-time link on which they set their password."
        maxWidth="520px"
      >
        {open && <AddLearnerForm cohort={cohort} cohorts={cohorts} onDone={() => setOpen(false)} />}
      </AppDialog>
    </>
  );
}

function AddLearnerForm({ cohort, cohorts, onDone }: AddLearnerProps & { onDone(): void }) {
  const add = useAddLearner();
  const toast = useToast();
  const queryClient = useQueryClient();
  const id = useId();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [username, setUsername] = useState('');
  const [cohortId, setCohortId] = useState(String(cohort.id));
  const [problem, setProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<AddedLearner | null>(null);
  const choices = cohorts.some((each) => each.id === cohort.id) ? cohorts : [cohort, ...cohorts];

  if (added)
    return (
      <Flex direction="column" gap="3">
        <OneTimeLink link={added} name={added.name} />
        <Flex justify="end">
          <Button variant="soft" color="gray" onClick={onDone}>
            Done
          </Button>
        </Flex>
      </Flex>
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wrong =
      firstName.trim() === ''
        ? 'Enter the first name.'
        : !USERNAME.test(username.trim())
          ? 'The username takes letters, digits and . _ @ + - only, without spaces.'
          : null;
    setProblem(wrong);
    if (wrong) return;
    add.mutate(
      {
        first_name: firstName.trim(),
        last_name: lastName.trim(),
        username: username.trim(),
        cohort: Number(cohortId),
      },
      {
        onSuccess: (result) => {
          setAdded(result);
          toast.show(result.message, {
            type: 'done',
            action: {
              label: 'Undo',
              onClick: () => void undoAddLearner(queryClient, result.id),
            },
          });
        },
      },
    );
  };
  const shown = problem ?? (add.isError ? errorText(add.error) : null);

  return (
    <form onSubmit={submit} noValidate aria-label="Add learner">
      <Flex direction="column" gap="3">
        <FormField label="First name">
          {(control) => (
            <TextField.Root
              {...control}
              required
              value={firstName}
              onChange={(event) => setFirstName(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Last name">
          {(control) => (
            <TextField.Root
              {...control}
              value={lastName}
              onChange={(event) => setLastName(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Username" note="What they sign in with: letters, digits and . _ @ + -.">
          {(control) => (
            <TextField.Root
              {...control}
              required
              autoComplete="off"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          )}
        </FormField>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" id={`${id}-cohort`}>
            Cohort
          </Text>
          <Select.Root value={cohortId} onValueChange={setCohortId}>
            <Select.Trigger aria-labelledby={`${id}-cohort`} />
            <Select.Content position="popper">
              {choices.map((each) => (
                <Select.Item key={each.id} value={String(each.id)}>
                  {each.name}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
        {shown && (
          <Callout.Root color="red" size="1" role="alert">
            <Callout.Text>{shown}</Callout.Text>
          </Callout.Root>
        )}
        <Flex gap="3" justify="end">
          <Button type="button" variant="soft" color="gray" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add learner
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
