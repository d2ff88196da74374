import type { InvitationInfo } from '@lp/contract/accounts';
import { GitHubLogoIcon } from '@radix-ui/react-icons';
import { Button, Callout, Flex, Separator, Spinner, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiUrl, errorText } from '@/lib/api-client.ts';
import type { Session } from '@/lib/session.ts';
import { useSession } from '@/lib/use-session.ts';
import { FormField } from '@/ui/form-field.tsx';
import { useCreateInvitedAccount, useInvitation, useJoinByInvitation } from './api/invitations.ts';
import { AuthCard } from './auth-card.tsx';
import { newPasswordProblem } from './model/new-password.ts';
import { signedInName } from './model/signed-in-name.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

const NOT_VALID =
  "This invitation link is not valid: it was replaced by a newer one, or it was not copied whole. Ask your instructor for the cohort's current invitation link.";

/**
 * /join?cohort=…&v=…: a cohort's invitation link where the person has to be there (the server
 * sends a browser here when it has no GitHub sign-in, or when the link is not valid). It says
 * which cohort, then offers the ways this server has: joining as the signed-in learner, GitHub,
 * or a new username and password.
 */
export default function JoinPage() {
  const [params] = useSearchParams();
  const cohort = Number(params.get('cohort'));
  const secret = params.get('v') ?? '';
  if (!Number.isInteger(cohort) || cohort < 1 || !secret)
    return (
      <AuthCard title="This invitation link does not work">
        <Problem message={NOT_VALID} />
      </AuthCard>
    );
  return <JoinCohort cohort={cohort} secret={secret} />;
}

function Problem({ message }: { message: string }) {
  return (
    <>
      <Callout.Root color="red" role="alert">
        <Callout.Text>{message}</Callout.Text>
      </Callout.Root>
      <Button asChild variant="soft">
        <Link to="/login">Go to sign in</Link>
      </Button>
    </>
  );
}

function JoinCohort({ cohort, secret }: { cohort: number; secret: string }) {
  const invitation = useInvitation(cohort, secret);
  // Who opened the link: a new account signs in on this page, which must not swap its form for
  // the signed-in view while it finishes.
  const current = useSession();
  const [session] = useState(current);
  if (invitation.isPending)
    return (
      <AuthCard title="Joining a cohort">
        <Flex justify="center" py="3" role="status" aria-label="Reading the invitation">
          <Spinner />
        </Flex>
      </AuthCard>
    );
  if (invitation.isError)
    return (
      <AuthCard title="This invitation link does not work">
        <Problem message={errorText(invitation.error)} />
      </AuthCard>
    );
  const info = invitation.data;
  const link = { cohort, v: secret };
  return (
    <AuthCard title={`Join ${info.cohort.name}`}>
      {session ? (
        <JoinAsSignedIn session={session} info={info} link={link} />
      ) : (
        <WaysIn info={info} link={link} />
      )}
    </AuthCard>
  );
}

type LinkValues = { cohort: number; v: string };

function JoinAsSignedIn({
  session,
  info,
  link,
}: {
  session: Session;
  info: InvitationInfo;
  link: LinkValues;
}) {
  const join = useJoinByInvitation();
  const navigate = useNavigate();
  if (session.profile.staff)
    return (
      <>
        <Text as="p" size="2">
          You are signed in as {signedInName(session.profile)}, a staff member. Invitation links are
          for learners: to coach {info.cohort.name}, join it on the Cohorts page.
        </Text>
        <Button asChild variant="soft">
          <Link to="/cohorts">Go to Cohorts</Link>
        </Button>
      </>
    );
  return (
    <>
      <Text as="p" size="2">
        You are signed in as {signedInName(session.profile)}.
      </Text>
      {join.isError && (
        <Callout.Root color="red" size="1" role="alert">
          <Callout.Text>{errorText(join.error)}</Callout.Text>
        </Callout.Root>
      )}
      <Button
        size="3"
        loading={join.isPending}
        onClick={() => join.mutate(link, { onSuccess: () => navigate('/', { replace: true }) })}
      >
        Join {info.cohort.name}
      </Button>
    </>
  );
}

function WaysIn({ info, link }: { info: InvitationInfo; link: LinkValues }) {
  if (!info.github && !info.password)
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>
          Nobody can join on this server yet: GitHub sign-in is not configured and password sign-in
          is turned off. Tell your instructor; they can add you themselves.
        </Callout.Text>
      </Callout.Root>
    );
  return (
    <>
      {info.github && (
        <Button asChild size="3" color="gray" highContrast>
          <a href={apiUrl('/auth/github/url', link)}>
            <GitHubLogoIcon width="18" height="18" />
            Continue with GitHub
          </a>
        </Button>
      )}
      {info.github && info.password && (
        <Flex align="center" gap="3">
          <Separator size="4" />
          <Text size="1" color="gray">
            or
          </Text>
          <Separator size="4" />
        </Flex>
      )}
      {info.password && <NewAccountForm info={info} link={link} />}
      <Text size="1" color="gray">
        Already have an account? <Link to="/login">Sign in</Link>, then open this link again to
        join.
      </Text>
    </>
  );
}

function NewAccountForm({ info, link }: { info: InvitationInfo; link: LinkValues }) {
  const create = useCreateInvitedAccount();
  const navigate = useNavigate();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const wrong =
      firstName.trim() === ''
        ? 'Enter your first name.'
        : username.trim() === ''
          ? 'Choose a username.'
          : newPasswordProblem(password, repeated);
    setProblem(wrong);
    if (wrong) return;
    create.mutate(
      {
        ...link,
        first_name: firstName.trim(),
        last_name: lastName.trim(),
        username: username.trim(),
        password,
      },
      { onSuccess: () => navigate('/', { replace: true }) },
    );
  };
  const shown = problem ?? (create.isError ? errorText(create.error) : null);
  const text = (value: string, set: (next: string) => void, autoComplete: string) => ({
    value,
    autoComplete,
    disabled: create.isPending,
    onChange: (event: { target: { value: string } }) => set(event.target.value),
  });

  return (
    <form onSubmit={submit} noValidate aria-label="New account">
      <Flex direction="column" gap="3">
        <Text as="p" size="2">
          Choose a username and password to join {info.cohort.name}.
        </Text>
        <FormField label="First name">
          {(control) => (
            <TextField.Root
              {...control}
              required
              {...text(firstName, setFirstName, 'given-name')}
            />
          )}
        </FormField>
        <FormField label="Last name">
          {(control) => (
            <TextField.Root {...control} {...text(lastName, setLastName, 'family-name')} />
          )}
        </FormField>
        <FormField label="Username" note="Letters, digits and . _ @ + - only.">
          {(control) => (
            <TextField.Root
              {...control}
              name="username"
              required
              {...text(username, setUsername, 'username')}
            />
          )}
        </FormField>
        <NewPasswordFields
          password={password}
          repeated={repeated}
          onPassword={setPassword}
          onRepeated={setRepeated}
          disabled={create.isPending}
        />
        {shown && (
          <Callout.Root color="red" size="1" role="alert">
            <Callout.Text>{shown}</Callout.Text>
          </Callout.Root>
        )}
        <Button type="submit" size="3" loading={create.isPending}>
          Create account and join
        </Button>
      </Flex>
    </form>
  );
}
