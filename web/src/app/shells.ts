// The app shells (navbar and screen area), each loaded lazily, and which one a session gets.
import { lazy } from 'react';
import { lazyPreloadable } from '@/lib/lazy-preloadable.ts';
import type { Session } from '@/lib/session.ts';

// A page load with a stored session loads its shell before the first render (first-screen.ts).
export const StaffShell = lazyPreloadable(() => import('./shell/staff-shell.tsx'));
export const StudentShell = lazyPreloadable(() => import('./shell/student-shell.tsx'));
export const PublicShell = lazy(() => import('./shell/public-shell.tsx'));

/** Staff (not mimicking a learner) get the staff app; everyone else signed in the student app. */
export const usesStaffApp = (session: Session | null, mimic: boolean): boolean =>
  session?.profile.staff === true && !mimic;
