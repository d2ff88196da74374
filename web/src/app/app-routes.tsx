import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useSession } from '../lib/use-session.ts';
import { useSettings } from '../lib/use-settings.ts';
import { Loading } from '../ui/loading.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { type AppRoute, publicRoutes, staffRoutes, studentRoutes } from './routes.tsx';

const LoginPage = lazy(() => import('../features/auth/login-page.tsx'));
const GithubCallbackPage = lazy(() => import('../features/auth/github-callback-page.tsx'));
const StaffShell = lazy(() => import('./shell/staff-shell.tsx'));
const StudentShell = lazy(() => import('./shell/student-shell.tsx'));
const PublicShell = lazy(() => import('./shell/public-shell.tsx'));

const toRoute = ({ path, Component }: AppRoute) => (
  <Route key={path} path={path} element={<Component />} />
);

/**
 * Guards and the role switch. Signed out: the public routes, /login and /auth/github; anything
 * else goes to /login. Signed in: staff (not mimicking) get the staff app, everyone else the
 * student app. /auth/github stays mounted across sign-in so its redirect can finish.
 */
export function AppRoutes() {
  const session = useSession();
  const { mimic } = useSettings();
  const staffView = session?.profile.staff === true && !mimic;

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
