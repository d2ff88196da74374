// A page load with a stored session (a reload, a link opened in the tab): the shell's chunk, and
// the chunk and first requests of the screen at the address (its route's `preload`), start at
// once, while the entry renders, instead of one after another as React reaches each lazy part.
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { getSession } from '@/lib/session.ts';
import { getSettings } from '@/lib/settings.ts';
import { LOAD_MARKS, markOnce } from '@/lib/user-timing.ts';
import { staffRoutes, studentRoutes } from './routes.tsx';
import { StaffShell, StudentShell, usesStaffApp } from './shells.ts';

/**
 * Starts the first screen; resolves once its chunks have loaded (or failed to), null without a
 * stored session. The app renders its routes then (AppRoutes' `firstScreen`), so that the shell
 * and the screen mount at once rather than behind a Suspense fallback.
 */
export function startFirstScreen(queryClient: QueryClient, pathname: string): Promise<void> | null {
  const session = getSession();
  if (!session) return null;
  const staff = usesStaffApp(session, getSettings().mimic);
  const route = (staff ? staffRoutes : studentRoutes).find(({ path }) => matchPath(path, pathname));
  // The screen's requests first (see preloadDashboard), then the chunks.
  const screen = route?.preload?.(queryClient);
  // A failure shows when the app itself loads the shell.
  const shell = (staff ? StaffShell : StudentShell).preload().catch(() => {});
  return Promise.all([shell, screen]).then(() => markOnce(LOAD_MARKS.firstScreenCode));
}
