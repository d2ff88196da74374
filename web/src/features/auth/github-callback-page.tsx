import { OAUTH_REDIRECT_DELAY_MS } from '@lp/contract/constants';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { exchangeGithubCode } from './api/exchange-github-code.ts';
import { completeSignIn } from './complete-sign-in.ts';
import '@/ui/radix-themes.css';
import './warp-drive.css';

// A one-time code can be exchanged once: remember the attempt per code so that a remount
// (React's strict mode, the app switching to its signed-in routes) waits for the same result.
const attempts = new Map<string, Promise<void>>();

function signInWithCode(code: string): Promise<void> {
  let attempt = attempts.get(code);
  if (!attempt) {
    attempt = exchangeGithubCode(code).then(({ key }) => completeSignIn(key));
    attempts.set(code, attempt);
  }
  return attempt;
}

type State = { status: 'working' } | { status: 'done' } | { status: 'failed'; message: string };

export default function GithubCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const error = params.get('error');
  const [state, setState] = useState<State>(() =>
    error
      ? { status: 'failed', message: error }
      : code
        ? { status: 'working' }
        : { status: 'failed', message: 'GitHub did not send a sign-in code. Please try again.' },
  );

  useEffect(() => {
    if (!code || error) return;
    let current = true;
    signInWithCode(code).then(
      () => current && setState({ status: 'done' }),
      (failure: unknown) =>
        current &&
        setState({
          status: 'failed',
          message: failure instanceof Error ? failure.message : 'GitHub sign-in failed.',
        }),
    );
    return () => {
      current = false;
    };
  }, [code, error]);

  useEffect(() => {
    if (state.status !== 'done') return;
    const timer = setTimeout(() => navigate('/', { replace: true }), OAUTH_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.status, navigate]);

  if (state.status === 'failed') {
    return (
      <Flex className="lp-warp" direction="column" align="center" justify="center" gap="4" p="4">
        <Heading as="h1" size="7">
          Sign-in did not complete
        </Heading>
        <Text as="p" size="3" role="alert" align="center">
          {state.message}
        </Text>
        <Button asChild size="3" variant="solid">
          <Link to="/login">Back to sign in</Link>
        </Button>
      </Flex>
    );
  }

  return (
    <Flex className="lp-warp" direction="column" align="center" justify="center" gap="4" p="4">
      <Heading as="h1" size="8">
        Authorization complete
      </Heading>
      <Text as="p" size="4" role="status">
        Engaging warp drive to Learning Platform
      </Text>
      <div className="lp-warp__scene" aria-hidden>
        <div className="lp-warp__planet" />
        <div className="lp-warp__orbit">
          <div className="lp-warp__moon" />
        </div>
      </div>
    </Flex>
  );
}
