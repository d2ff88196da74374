import { Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { GithubCallbackPage, LoginPage } from '@/features/auth/screens.ts';
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
 * Guards and the role switch. Signed out: the public routes ('/' = foundations), /login and
 * /auth/github; anything
 * else goes to /login. Signed in: staff (not mimicking) get the staff app, everyone else the
 * student app. /auth/github stays mounted across sign-in so its redirect can finish.
 */
export function AppRoutes() {
  const session = useSession();
  const { mimic } = useSettings();
  const staffView = usesStaffApp(session, mimic);
  const navigate = useNavigate();

  // '/' is public (foundations) when signed out, so an ended session goes to sign-in explicitly.
  useEffect(() => {
    const toLogin = () => navigate('/login', { replace: true });
    window.addEventListener(SESSION_ENDED_EVENT, toLogin);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, toLogin);
  }, [navigate]);

  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/auth/github" element={<GithubCallbackPage />} />
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
            <Route path="*" element={<Navigate to="/login" replace />} />
          </>
        )}
      </Routes>
    </Suspense>
  );
}
