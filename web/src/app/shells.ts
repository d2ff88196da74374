// The app shells (navbar and screen area), each loaded lazily, and which one a session gets.
import { lazy } from 'react';
import type { Session } from '@/lib/session.ts';

export const loadStaffShell = () => import('./shell/staff-shell.tsx');
export const loadStudentShell = () => import('./shell/student-shell.tsx');

export const StaffShell = lazy(loadStaffShell);
export const StudentShell = lazy(loadStudentShell);
export const PublicShell = lazy(() => import('./shell/public-shell.tsx'));

/** Staff (not mimicking a learner) get the staff app; everyone else signed in the student app. */
export const usesStaffApp = (session: Session | null, mimic: boolean): boolean =>
  session?.profile.staff === true && !mimic;
