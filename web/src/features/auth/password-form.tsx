import { Button, Callout, Flex, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePasswordSignIn } from './api/verify-password.ts';

/** Username and password sign-in (demo accounts and servers that enable it). */
export function PasswordForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const signIn = usePasswordSignIn();
  const navigate = useNavigate();
  const id = useId();
  const passwordField = useRef<HTMLInputElement>(null);
  const refusal = signIn.isError ? signIn.error : null;

  // A refused sign-in puts the focus on the password field, once the fields are enabled again,
  // with its text selected: the next try is typed over the wrong one, and the focus never falls
  // back to the page (the fields were disabled while the sign-in was under way).
  useEffect(() => {
    if (!refusal) return;
    passwordField.current?.focus();
    passwordField.current?.select();
  }, [refusal]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    signIn.mutate(
      { username: username.trim(), password },
      { onSuccess: () => navigate('/', { replace: true }) },
    );
  };

  return (
    <form onSubmit={submit}>
      <Flex direction="column" gap="3">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor={`${id}-username`}>
            Username
          </Text>
          <TextField.Root
            id={`${id}-username`}
            name="username"
            autoComplete="username"
            required
            value={username}
            disabled={signIn.isPending}
            onChange={(event) => setUsername(event.target.value)}
          />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor={`${id}-password`}>
            Password
          </Text>
          <TextField.Root
            ref={passwordField}
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            disabled={signIn.isPending}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Flex>
        {signIn.isError && (
          <Callout.Root color="red" size="1" role="alert">
            <Callout.Text>{signIn.error.message}</Callout.Text>
          </Callout.Root>
        )}
        <Button type="submit" size="3" loading={signIn.isPending}>
          Sign in
        </Button>
      </Flex>
    </form>
  );
}
