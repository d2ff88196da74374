import type { ActivityItem } from '@lp/contract/github';
import { describe, expect, it } from 'vitest';
import {
  activityFilter,
  checkState,
  checksOf,
  lastPushText,
  latestPush,
  NO_ACTIVITY_FILTER,
  noPushIn,
  nothingPushedSinceAssessment,
  pullRequestText,
} from './activity.ts';
import { cardActivity as activity, learner } from './fixtures.ts';

const item = (overrides: Partial<ActivityItem>): ActivityItem => ({
  id: 1,
  kind: 'push',
  repository: 'org/toys',
  occurred_at: '2026-03-01T15:00:00.000Z',
  actor: null,
  title: 'Add the toy list',
  url: null,
  commit_count: 1,
  state: 'pushed',
  head_sha: 'abc',
  ...overrides,
});

describe('the card activity words', () => {
  it('say how long ago the last push was', () => {
    expect(lastPushText({ days_since_push: 0 })).toBe('Last push today');
    expect(lastPushText({ days_since_push: 1 })).toBe('Last push 1 day ago');
    expect(lastPushText({ days_since_push: 3 })).toBe('Last push 3 days ago');
    expect(lastPushText({ days_since_push: null })).toBe('Nothing pushed yet');
    expect(pullRequestText({ number: 4, title: 'Add login' })).toBe(
      'Pull request #4 open: Add login',
    );
  });
});

describe('the activity filters', () => {
  const none = learner('No Repo', 101);
  const fresh = learner('Fresh', 101, { activity: activity({ days_since_push: 1 }) });
  const idle = learner('Idle', 101, { activity: activity({ days_since_push: 5 }) });
  const never = learner('Never', 101, {
    activity: activity({ last_push_at: null, days_since_push: null }),
  });
  const failing = learner('Failing', 101, { activity: activity({ checks: 'failing' }) });
  const all = [none, fresh, idle, never, failing];
  const names = (filter: Parameters<typeof activityFilter>[0]) =>
    all.filter(activityFilter(filter)).map((one) => one.name);

  it('match everyone while both are off', () => {
    expect(names(NO_ACTIVITY_FILTER)).toEqual(all.map((one) => one.name));
  });

  it('take no push in N days as N days or more, a repository never pushed to included', () => {
    expect(names({ noPushDays: 5, checksFailing: false })).toEqual(['Idle', 'Never']);
    expect(names({ noPushDays: 1, checksFailing: false })).toEqual([
      'Fresh',
      'Idle',
      'Never',
      'Failing',
    ]);
  });

  it('leave out a learner with no repository linked from no push', () => {
    expect(noPushIn(none, 0)).toBe(false);
  });

  it('pick the learners whose checks fail, and both filters together', () => {
    expect(names({ noPushDays: null, checksFailing: true })).toEqual(['Failing']);
    expect(names({ noPushDays: 5, checksFailing: true })).toEqual([]);
  });
});

describe('the last commit of a page of activity', () => {
  const page = [
    item({ id: 9, kind: 'check', title: 'CI', state: 'success', head_sha: 'new' }),
    item({ id: 8, kind: 'check', title: 'Lint', state: 'in_progress', head_sha: 'new' }),
    item({ id: 7, kind: 'check', title: 'CI', state: 'failure', head_sha: 'new' }),
    item({ id: 6, kind: 'push', title: 'Fix the list', head_sha: 'new' }),
    item({ id: 5, kind: 'check', title: 'CI', state: 'failure', head_sha: 'old' }),
    item({ id: 4, kind: 'push', title: 'Add the list', head_sha: 'old' }),
  ];

  it('is the newest push, with each of its checks once in its latest state', () => {
    const push = latestPush(page);
    expect(push?.title).toBe('Fix the list');
    expect(
      checksOf(page, push?.head_sha ?? null).map((check) => [check.title, check.state]),
    ).toEqual([
      ['CI', 'success'],
      ['Lint', 'in_progress'],
    ]);
    expect(latestPush([])).toBeNull();
    expect(checksOf(page, null)).toEqual([]);
  });

  it('reads check states as passing, failing or running', () => {
    expect(checkState('success')).toBe('passing');
    expect(checkState('timed_out')).toBe('failing');
    expect(checkState('queued')).toBe('running');
    expect(checkState('skipped')).toBeNull();
  });
});

describe('nothing pushed since the self-assessment started', () => {
  const started = '2026-03-01T12:00:00.000Z';
  const pushedAt = (at: string | null) =>
    activity({ last_push_at: at, days_since_push: at === null ? null : 1 });

  it('holds when the last push was before the start, or there was none', () => {
    expect(nothingPushedSinceAssessment(pushedAt('2026-03-01T11:59:00.000Z'), started)).toBe(true);
    expect(nothingPushedSinceAssessment(pushedAt(null), started)).toBe(true);
  });

  it('does not hold for a push after the start', () => {
    expect(nothingPushedSinceAssessment(pushedAt('2026-03-01T12:01:00.000Z'), started)).toBe(false);
  });

  it('cannot be said without a repository or a self-assessment', () => {
    expect(nothingPushedSinceAssessment(null, started)).toBeNull();
    expect(nothingPushedSinceAssessment(pushedAt(null), null)).toBeNull();
  });
});
