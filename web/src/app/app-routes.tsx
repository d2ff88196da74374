import { useQueryClient } from '@tanstack/react-query';
import { Suspense, startTransition, useEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import {
  GithubCallbackPage,
  JoinPage,
  LoginPage,
  SetPasswordPage,
} from '@/features/auth/screens.ts';
import type { Session } from '@/lib/session.ts';
import { onSignedOutElsewhere, useWaitingForSession } from '@/lib/session-sharing.ts';
import { useSession } from '@/lib/use-session.ts';
import { useSettings } from '@/lib/use-settings.ts';
import { Loading } from '@/ui/loading.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { SESSION_ENDED_EVENT } from './providers.tsx';
import { type AppRoute, publicRoutes, staffRoutes, studentRoutes } from './routes.tsx';
import { PublicShell, StaffShell, StudentShell, usesStaffApp } from './shells.ts';

const toRoute = ({ path, Component }: AppRoute) => (
  <Route key={path} path={path} element={<Component />} />
);

/**
 * Whether the router still shows the location at which the session ended. Whoever ends a session
 * navigates on (a sign-out, here or in another tab, to '/'; a refused token to '/login'), but the
 * router renders that navigation as a transition, after the signed-out render of the old
 * location. The guard must not send that old location to /login, or its redirect would replace
 * the navigation under way.
 */
function useSessionJustEnded(session: Session | null): boolean {
  const { key } = useLocation();
  const [seen, setSeen] = useState(session);
  const [endedAt, setEndedAt] = useState<string | null>(null);
  if (seen !== session) {
    setSeen(session);
    setEndedAt(seen && !session ? key : null);
  }
  return endedAt === key;
}

/**
 * False until `promise` (if any) has settled; what it then shows renders as a transition, which
 * React splits into short tasks.
 */
function useSettled(promise: Promise<unknown> | null | undefined): boolean {
  const [settled, setSettled] = useState(!promise);
  useEffect(() => {
    let current = true;
    const settle = () => {
      if (current) startTransition(() => setSettled(true));
    };
    promise?.then(settle, settle);
    return () => {
      current = false;
    };
  }, [promise]);
  return settled;
}

/**
 * Guards and the role switch. Signed out: the public routes ('/' = foundations), /login,
 * /auth/github (and /auth/lti, an LMS launch; /auth/oidc, the school's sign-in), /set-password and /join; anything
 * else goes to /login. Signed in: staff (not mimicking) get the staff app, everyone else the
 * student app. /auth/github and /auth/lti stay mounted across sign-in so their redirect can finish. A tab that
 * starts without a session shows a loading state while it asks the other tabs for theirs
 * (lib/session-sharing.ts), so it does not flash the sign-in page. A page load with a stored
 * session shows a loading state until the chunks of its shell and screen are in (`firstScreen`,
 * app/first-screen.ts): they then mount at once, where a Suspense fallback shown meanwhile would
 * keep the screen back until 300 ms after it showed (React's throttling of its reveals).
 */
export function AppRoutes({ firstScreen }: { firstScreen?: Promise<void> | null }) {
  const session = useSession();
  const { mimic } = useSettings();
  const staffView = usesStaffApp(session, mimic);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const waitingForSession = useWaitingForSession();
  const sessionJustEnded = useSessionJustEnded(session);
  const firstScreenLoaded = useSettled(firstScreen);

  // '/' is public (foundations) when signed out, so an ended session goes to sign-in explicitly.
  useEffect(() => {
    const toLogin = () => navigate('/login', { replace: true });
    window.addEventListener(SESSION_ENDED_EVENT, toLogin);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, toLogin);
  }, [navigate]);

  // Signed out in another tab: as after this tab's own sign-out, drop the cached answers and go
  // to the sign-out destination, '/'.
  useEffect(
    () =>
      onSignedOutElsewhere(() => {
        queryClient.clear();
        navigate('/', { replace: true });
      }),
    [navigate, queryClient],
  );

  if (waitingForSession || !firstScreenLoaded) return <Loading />;

  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/auth/github" element={<GithubCallbackPage />} />
        <Route path="/auth/lti" element={<GithubCallbackPage />} />
        {/* The school's sign-in (OpenID Connect) ends the same way, and so does linking it. */}
        <Route path="/auth/oidc" element={<GithubCallbackPage />} />
        {/* The one-time link of Add learner and a cohort's invitation: signed in or out. */}
        <Route path="/set-password" element={<SetPasswordPage />} />
        <Route path="/join" element={<JoinPage />} />
        <Route path="/login" element={session ? <Navigate to="/" replace /> : <LoginPage />} />
        {session ? (
          <Route element={staffView ? <StaffShell /> : <StudentShell />}>
            {(staffView ? staffRoutes : studentRoutes).map(toRoute)}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        ) : (
          <>
            {publicRoutes.length > 0 && (
              <Route element={<PublicShell />}>{publicRoutes.map(toRoute)}</Route>
            )}
            <Route path="*" element={sessionJustEnded ? null : <Navigate to="/login" replace />} />
          </>
        )}
      </Routes>
    </Suspense>
  );
}
