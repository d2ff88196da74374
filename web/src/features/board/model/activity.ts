// A learner's GitHub activity as the board shows it (contract/github.ts CardActivity): the card's
// words for screen readers, the board's two activity filters, and what the evaluation dialog
// reads from a page of activity.
import { DEFAULT_NO_PUSH_DAYS } from '@lp/contract/constants';
import type { ActivityItem, CardActivity, ChecksState } from '@lp/contract/github';
import { checksStateOf } from '@lp/contract/guards';
import type { BoardLearner } from './types.ts';

/** The 'No push in N days' filter's N until the user picks another. */
export { DEFAULT_NO_PUSH_DAYS };

export const NO_REPOSITORY_TEXT = 'No repository linked';
export const REPOSITORY_DELETED_TEXT = 'Repository deleted';

/** 'Last push 3 days ago'; 'Nothing pushed yet' for a repository never pushed to. */
export function lastPushText(activity: Pick<CardActivity, 'days_since_push'>): string {
  const days = activity.days_since_push;
  if (days === null) return 'Nothing pushed yet';
  if (days === 0) return 'Last push today';
  return `Last push ${days} ${days === 1 ? 'day' : 'days'} ago`;
}

export const pullRequestText = (pull: { number: number; title: string }) =>
  `Pull request #${pull.number} open: ${pull.title}`;

export const checksText = (checks: ChecksState) => `Checks ${checks}`;

/** The board's activity filters; both off is no filter. */
export interface ActivityFilter {
  /** Learners with no push in this many days or more; null when off. */
  noPushDays: number | null;
  checksFailing: boolean;
}

export const NO_ACTIVITY_FILTER: ActivityFilter = { noPushDays: null, checksFailing: false };

export const activityFilterOn = (filter: ActivityFilter) =>
  filter.noPushDays !== null || filter.checksFailing;

type WithActivity = Pick<BoardLearner, 'activity'>;

/**
 * No push in `days` days or more. A repository that has never received a push counts: its learner
 * has pushed nothing at all. A learner with no repository linked does not: nothing can be said of
 * their pushes, and the card's 'No repository linked' mark already points them out.
 */
export function noPushIn(learner: WithActivity, days: number): boolean {
  const activity = learner.activity;
  if (activity === null) return false;
  return activity.days_since_push === null || activity.days_since_push >= days;
}

export const checksFailing = (learner: WithActivity) => learner.activity?.checks === 'failing';

/** A predicate for the filters: every learner matches while both are off. */
export function activityFilter(filter: ActivityFilter): (learner: WithActivity) => boolean {
  const { noPushDays } = filter;
  return (learner) =>
    (noPushDays === null || noPushIn(learner, noPushDays)) &&
    (!filter.checksFailing || checksFailing(learner));
}

/** The newest push of a page of activity (newest first), or null. */
export const latestPush = (items: readonly ActivityItem[]) =>
  items.find((item) => item.kind === 'push') ?? null;

/** The checks of a pushed commit, each once in its latest state, the latest changed first. */
export function checksOf(items: readonly ActivityItem[], headSha: string | null): ActivityItem[] {
  if (headSha === null) return [];
  const latest = new Map<string, ActivityItem>();
  for (const item of items) {
    if (item.kind === 'check' && item.head_sha === headSha && !latest.has(item.title))
      latest.set(item.title, item);
  }
  return [...latest.values()];
}

/** A check's state as one of the card's three, or null for one that ended otherwise (skipped). */
export function checkState(state: string): ChecksState | null {
  const taken = checksStateOf(state);
  return taken === 'passing' && state !== 'success' && state !== 'neutral' ? null : taken;
}

/**
 * Has nothing been pushed since the self-assessment started (`startedAt`, an ISO instant)? Null
 * when it cannot be said: no repository, or no self-assessment.
 */
export function nothingPushedSinceAssessment(
  activity: CardActivity | null,
  startedAt: string | null,
): boolean | null {
  if (activity === null || startedAt === null) return null;
  if (activity.last_push_at === null) return true;
  // GitHub gives a push's time in whole seconds: one in the second it started counts as after.
  const startedSecond = Math.floor(Date.parse(startedAt) / 1000) * 1000;
  return Date.parse(activity.last_push_at) < startedSecond;
}
