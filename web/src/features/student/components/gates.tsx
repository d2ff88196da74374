import { Box, Button, Card, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { setSetting } from '@/lib/settings.ts';
import { useChangeName } from '../api/student-api.ts';

/**
 * Staff viewing the learner interface without a cohort to show: the one explanation, and the way
 * to a cohort (the Cohorts page of the instructor interface).
 */
export function NoCohortToView() {
  const navigate = useNavigate();
  return (
    <Flex direction="column" align="center" gap="3" py="9" px="4" style={{ textAlign: 'center' }}>
      <Heading as="h2" size="5">
        You do not coach a cohort yet
      </Heading>
      <Text as="p" size="2" color="gray">
        The learner interface shows a cohort you coach as its learners see it. Join a cohort on the
        Cohorts page, then come back to the Student Interface.
      </Text>
      <Button
        size="3"
        onClick={() => {
          setSetting('mimic', false);
          navigate('/cohorts');
        }}
      >
        Go to Cohorts
      </Button>
    </Flex>
  );
}

/**
 * A learner in no cohort yet (never joined one, or left): what is true, and the ways in. An
 * invitation link opened while signed in joins the cohort on either kind of server: through
 * GitHub where it signs in, on the join page's Join button where it does not.
 */
export function NotInCohortYet() {
  return (
    <Flex direction="column" align="center" gap="3" py="9" px="4" style={{ textAlign: 'center' }}>
      <Heading as="h2" size="5">
        You are not in a cohort yet
      </Heading>
      <Text as="p" size="2" color="gray" style={{ maxWidth: '40rem' }}>
        Your dashboard shows your cohort's work once you are in one. Your instructors add you to it,
        or send you its invitation link: open that link while signed in here to join. Then come back
        to this page and refresh it. If the link says it is not valid, ask for the cohort's current
        one.
      </Text>
    </Flex>
  );
}

interface OrgGateProps {
  orgUrl: string | null | undefined;
  /** GitHub's word on the learner's membership: 'pending' is an invitation waiting for them. */
  status: string | null;
  login: string;
}

/**
 * Gate 2: the learner is not yet a member of the cohort's GitHub organization. With an
 * invitation waiting, they accept it (spec); without one on GitHub's record, accepting is not
 * possible, so they are told who sends it.
 */
export function OrgInvitationPrompt({ orgUrl, status, login }: OrgGateProps) {
  if (status === 'pending')
    return (
      <Flex direction="column" align="center" gap="3" py="9" px="4" style={{ textAlign: 'center' }}>
        <Heading as="h2" size="5">
          You need to accept the invitation to join your cohort's GitHub organization
        </Heading>
        <Text as="p" size="2" color="gray">
          Accept the invitation on GitHub, then come back to this page and refresh it.
        </Text>
        {orgUrl && (
          <Button asChild size="3">
            <a href={orgUrl} target="_blank" rel="noreferrer">
              Accept Now
            </a>
          </Button>
        )}
      </Flex>
    );
  return (
    <Flex direction="column" align="center" gap="3" py="9" px="4" style={{ textAlign: 'center' }}>
      <Heading as="h2" size="5">
        You are not in your cohort's GitHub organization yet
      </Heading>
      <Text as="p" size="2" color="gray" style={{ maxWidth: '40rem' }}>
        GitHub shows no invitation to it for {login ? `your account ${login}` : 'your account'} yet.
        Ask your instructors to invite you; once you have accepted the invitation on GitHub, come
        back to this page and refresh it.
      </Text>
      {orgUrl && (
        <Button asChild size="3" variant="soft">
          <a href={orgUrl} target="_blank" rel="noreferrer">
            Open the organization on GitHub
          </a>
        </Button>
      )}
    </Flex>
  );
}

/** Gate 3: the GitHub profile had no name, so the learner gives one. */
export function MissingNameForm() {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const change = useChangeName();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ firstName, lastName });
  };

  return (
    <Flex justify="center" py="8" px="4">
      <Card size="3" style={{ maxWidth: 460, width: '100%' }}>
        <form onSubmit={onSubmit}>
          <Heading as="h2" size="5" mb="2">
            Missing your first and last name
          </Heading>
          <Text as="p" size="2" color="gray" mb="4">
            Your GitHub profile does not have a name, so please tell us what to call you.
          </Text>
          <Flex direction="column" gap="3">
            <Box>
              <Text as="label" size="2" weight="medium" htmlFor="lp-first-name">
                First Name
              </Text>
              <TextField.Root
                id="lp-first-name"
                value={firstName}
                onChange={(event) => setFirstName(event.target.value)}
              />
            </Box>
            <Box>
              <Text as="label" size="2" weight="medium" htmlFor="lp-last-name">
                Last Name
              </Text>
              <TextField.Root
                id="lp-last-name"
                value={lastName}
                onChange={(event) => setLastName(event.target.value)}
              />
            </Box>
            {change.isError && (
              <Text size="2" color="red" role="alert">
                {change.error.message}
              </Text>
            )}
            <Flex justify="end">
              <Button type="submit" loading={change.isPending}>
                Save
              </Button>
            </Flex>
          </Flex>
        </form>
      </Card>
    </Flex>
  );
}
