import { Button, Callout, Flex, Spinner, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '@/lib/api-client.ts';
import { useSession } from '@/lib/use-session.ts';
import { FormField } from '@/ui/form-field.tsx';
import { usePasswordLink, useSetPassword } from './api/password-link.ts';
import { AuthCard } from './auth-card.tsx';
import { newPasswordProblem } from './model/new-password.ts';
import { signedInName } from './model/signed-in-name.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

/**
 * /set-password?token=…: the one-time link staff made with Add learner. The learner sees their
 * user name, chooses a password, and is signed in to their dashboard. A link that was used,
 * replaced or has expired says so, and what to do.
 */
export default function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  if (!token)
    return (
      <AuthCard title="Set your password">
        <LinkProblem message="This link has no secret in it: copy the whole link you were sent and open it again, or ask your instructor for a new link." />
      </AuthCard>
    );
  return <SetPasswordForToken token={token} />;
}

function LinkProblem({ message }: { message: string }) {
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

function SetPasswordForToken({ token }: { token: string }) {
  const link = usePasswordLink(token);
  const setPassword = useSetPassword();
  const session = useSession();
  const navigate = useNavigate();
  const [password, setPasswordText] = useState('');
  const [repeated, setRepeated] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (link.isPending)
    return (
      <AuthCard title="Set your password">
        <Flex justify="center" py="3" role="status" aria-label="Reading the link">
          <Spinner />
        </Flex>
      </AuthCard>
    );
  if (link.isError)
    return (
      <AuthCard title="This link does not work">
        <LinkProblem message={errorText(link.error)} />
      </AuthCard>
    );

  const { name, username } = link.data;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (setPassword.isPending) return;
    const wrong = newPasswordProblem(password, repeated);
    setProblem(wrong);
    if (wrong) return;
    setPassword.mutate({ token, password }, { onSuccess: () => navigate('/', { replace: true }) });
  };
  const shown = problem ?? (setPassword.isError ? errorText(setPassword.error) : null);

  return (
    <AuthCard
      title="Set your password"
      lead={`Welcome, ${name}. Choose the password you will sign in with; this link works once.`}
    >
      {session && (
        <Callout.Root color="amber" size="1">
          <Callout.Text>
            This tab is signed in as {signedInName(session.profile)}: setting the password signs it
            in as {username} instead.
          </Callout.Text>
        </Callout.Root>
      )}
      <form onSubmit={submit} noValidate>
        <Flex direction="column" gap="3">
          <FormField label="Username" note="You sign in with this username.">
            {(control) => (
              <TextField.Root
                {...control}
                name="username"
                autoComplete="username"
                value={username}
                readOnly
              />
            )}
          </FormField>
          <NewPasswordFields
            password={password}
            repeated={repeated}
            onPassword={setPasswordText}
            onRepeated={setRepeated}
            disabled={setPassword.isPending}
          />
          {shown && (
            <Callout.Root color="red" size="1" role="alert">
              <Callout.Text>{shown}</Callout.Text>
            </Callout.Root>
          )}
          <Button type="submit" size="3" loading={setPassword.isPending}>
            Set password and sign in
          </Button>
          <Text size="1" color="gray">
            Already set it? <Link to="/login">Sign in</Link> with your username and password.
          </Text>
        </Flex>
      </form>
    </AuthCard>
  );
}
