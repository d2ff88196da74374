// The feature's screens for the route table, each loaded on first visit (its own chunk), and what
// the route table may start before a screen's chunk has loaded.
import type { QueryClient } from '@tanstack/react-query';
import { activeCourseQuery, boardQuery, statusesQuery } from '@/features/board';
import { cohortEventsQuery } from '@/features/calendar';
import { cohortListQuery, cohortQuery } from '@/features/cohorts';
import { cohortHealthQuery } from '@/features/health';
import { lazyPreloadable } from '@/lib/lazy-preloadable.ts';
import { profileQuery } from '@/lib/profile-api.ts';
import { getActiveCohort } from '@/lib/session.ts';
import { getSettings } from '@/lib/settings.ts';

export const DashboardPage = lazyPreloadable(() => import('./dashboard-page.tsx'));

/**
 * Starts the board screen ('/') before React has rendered its way there: its chunk, and the
 * requests of its first view (the active cohort, its course and board, the statuses, the cohort
 * strip's list and the coach's own cohorts, the upcoming events when their panel is open, and the
 * cohort's health, whose markers then come with the cards), all at once while the chunks load.
 * The screen's hooks then find them in the cache or on their way (the same query options).
 * The requests go first: the browser sends only a few at a time to a server, and they are small.
 * Resolves when the chunk has loaded (or failed to).
 */
export function preloadDashboard(queryClient: QueryClient): Promise<unknown> {
  const cohortId = getActiveCohort();
  if (cohortId !== null) {
    void queryClient.prefetchQuery(cohortQuery(cohortId));
    void queryClient.prefetchQuery(activeCourseQuery(cohortId));
    void queryClient.prefetchQuery(boardQuery(cohortId));
    void queryClient.prefetchQuery(statusesQuery);
    void queryClient.prefetchQuery(cohortListQuery('active'));
    void queryClient.prefetchQuery(profileQuery(false));
    if (getSettings().boardPanel) void queryClient.prefetchQuery(cohortEventsQuery(cohortId));
    // As the board reads it: a refusal leaves the board without markers, not retried.
    void queryClient.prefetchQuery({ ...cohortHealthQuery(cohortId), retry: false });
  }
  // A failure shows when the screen itself loads the chunk.
  return DashboardPage.preload().catch(() => {});
}
