import { OAUTH_REDIRECT_DELAY_MS } from '@lp/contract/constants';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { chooseActiveCohort } from '@/lib/session.ts';
import { exchangeGithubCode } from './api/exchange-github-code.ts';
import { completeSignIn } from './complete-sign-in.ts';
import '@/ui/radix-themes.css';
import './warp-drive.css';

// The page where a sign-in completed elsewhere trades its one-time code for a session: GitHub's
// callback (/auth/github) and an LMS launch (/auth/lti, features/lti on the server).
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

/** Why an invitation link enrolled no one, as the server's callback names it (`invitation`). */
const INVITATION_NOTICES: Record<string, string> = {
  invalid:
    "You are signed in, but you did not join a cohort: the invitation link is not valid any more (it was replaced by a newer one). Ask your instructor for the cohort's current invitation link and open it again.",
  'other-cohort':
    'You are signed in, but you did not join the cohort of this invitation: you are already in another cohort. Ask your instructor to transfer you.',
  staff:
    'You are signed in as staff. Invitation links are for learners: to coach the cohort, join it on the Cohorts page.',
};

/**
 * Where a GitHub (/auth/github) or school (/auth/oidc) sign-in ends: the server's callback sends
 * the browser here with a one-time code to trade for a session, or the error in words, or
 * (school account linked while signed in) `linked=1`.
 */
export default function GithubCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('code');
  const error = params.get('error');
  const linked = params.get('linked') === '1' && !error;
  const notice = INVITATION_NOTICES[params.get('invitation') ?? ''] ?? null;
  // An LMS launch (/auth/lti) of staff names the cohort its course is linked to: the board's.
  const cohort = Number(params.get('cohort'));
  const [state, setState] = useState<State>(() =>
    error
      ? { status: 'failed', message: error }
      : code
        ? { status: 'working' }
        : linked
          ? { status: 'done' }
          : { status: 'failed', message: 'No sign-in code was sent. Please try again.' },
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
    // A notice waits for the person to read it and go on.
    if (state.status !== 'done' || notice || linked) return;
    if (Number.isInteger(cohort) && cohort > 0) chooseActiveCohort(cohort);
    const timer = setTimeout(() => navigate('/', { replace: true }), OAUTH_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.status, navigate, notice, linked, cohort]);

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

  if (linked) {
    return (
      <Flex className="lp-warp" direction="column" align="center" justify="center" gap="4" p="4">
        <Heading as="h1" size="7">
          School account linked
        </Heading>
        <Text as="p" size="3" role="status" align="center">
          Your school account is linked: you can sign in with it from now on.
        </Text>
        <Button size="3" onClick={() => navigate('/', { replace: true })}>
          Continue
        </Button>
      </Flex>
    );
  }

  if (notice) {
    return (
      <Flex className="lp-warp" direction="column" align="center" justify="center" gap="4" p="4">
        <Heading as="h1" size="7">
          Authorization complete
        </Heading>
        <Text as="p" size="3" role="alert" align="center" style={{ maxWidth: '40rem' }}>
          {notice}
        </Text>
        <Button
          size="3"
          disabled={state.status !== 'done'}
          onClick={() => navigate('/', { replace: true })}
        >
          Continue
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
