import { Button, Callout, Flex, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { usePasswordSignIn } from './api/verify-password.ts';

/** Username and password sign-in (demo accounts and servers that enable it). */
export function PasswordForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const signIn = usePasswordSignIn();
  const navigate = useNavigate();
  const id = useId();

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
