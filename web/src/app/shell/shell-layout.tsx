import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '@/ui/error-boundary.tsx';
import { Loading } from '@/ui/loading.tsx';
import { MAIN_ID } from '@/ui/skip-link.tsx';
import '@/ui/radix-themes.css';

/** The screen area under a navbar: lazy screens load here, and a failing screen stays contained. */
export function ScreenOutlet() {
  const { pathname } = useLocation();
  return (
    <main id={MAIN_ID} tabIndex={-1}>
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </main>
  );
}
