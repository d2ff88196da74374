import type { ActivityItem, ChecksState } from '@lp/contract/github';
import { checksStateOf } from '@lp/contract/guards';
import { formatDistanceStrict } from 'date-fns';

export const NO_ACTIVITY = 'No activity yet';
export const NO_REPOSITORIES = 'No repositories linked';

export const KIND_LABELS: Record<ActivityItem['kind'], string> = {
  push: 'Push',
  pull_request: 'Pull request',
  review: 'Review',
  check: 'Check',
};

/** A single check run's state taken as the checks badge would take it; other states as sent. */
export function checkStateText(state: string): string {
  const taken = checksStateOf(state);
  return taken === 'passing' && state !== 'success' ? state.replaceAll('_', ' ') : taken;
}

const PULL_REQUEST_VERBS: Record<string, string> = {
  open: 'opened',
  opened: 'opened',
  closed: 'closed',
  merged: 'merged',
  reopened: 'reopened',
};

/** The item carries no pull request number: GitHub's address of the pull request has it. */
const pullRequestNumber = (url: string | null) => url?.match(/\/pull\/(\d+)/)?.[1] ?? null;

/** One line of the activity list, as the spec words each kind. */
export function activityText(item: ActivityItem): string {
  switch (item.kind) {
    case 'push': {
      const count = item.commit_count ?? 1;
      return `Pushed ${count} commit${count === 1 ? '' : 's'}: ${item.title}`;
    }
    case 'pull_request': {
      const number = pullRequestNumber(item.url);
      const verb = PULL_REQUEST_VERBS[item.state] ?? item.state.replaceAll('_', ' ');
      return `Pull request${number ? ` #${number}` : ''} ${verb}: ${item.title}`;
    }
    case 'review':
      return `Review ${item.state.replaceAll('_', ' ')} on ${item.title}`;
    case 'check':
      return `${item.title}: ${checkStateText(item.state)}`;
  }
}

export const CHECKS_COLORS = { passing: 'green', failing: 'red', running: 'amber' } as const;

export const checksLabel = (checks: ChecksState | null) =>
  checks === null ? 'No checks' : `Checks ${checks}`;

/** '3 days ago'; `now` is a parameter so that the tests' fixed clock is the one used. */
export const relativeTime = (at: string, now: Date = new Date()) =>
  formatDistanceStrict(new Date(at), now, { addSuffix: true });
