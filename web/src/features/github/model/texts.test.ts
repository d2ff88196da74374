import type { ActivityItem } from '@lp/contract/github';
import { describe, expect, it } from 'vitest';
import { activityText } from './texts.ts';

const item = (overrides: Partial<ActivityItem>): ActivityItem => ({
  id: 1,
  kind: 'push',
  repository: 'ada-codes/kennels',
  occurred_at: '2026-03-14T12:00:00.000Z',
  actor: 'ada-codes',
  title: 'Add the walkers list',
  url: null,
  commit_count: 3,
  state: 'pushed',
  head_sha: null,
  ...overrides,
});

describe('activityText', () => {
  it('words each kind as the spec does', () => {
    expect(activityText(item({}))).toBe('Pushed 3 commits: Add the walkers list');
    expect(activityText(item({ commit_count: 1 }))).toBe('Pushed 1 commit: Add the walkers list');
    expect(
      activityText(
        item({
          kind: 'pull_request',
          state: 'merged',
          title: 'Walkers',
          url: 'https://github.com/ada-codes/kennels/pull/4',
        }),
      ),
    ).toBe('Pull request #4 merged: Walkers');
    expect(activityText(item({ kind: 'pull_request', state: 'open', title: 'Walkers' }))).toBe(
      'Pull request opened: Walkers',
    );
    expect(
      activityText(item({ kind: 'review', state: 'changes_requested', title: 'Walkers' })),
    ).toBe('Review changes requested on Walkers');
    expect(activityText(item({ kind: 'check', state: 'failure', title: 'test' }))).toBe(
      'test: failing',
    );
    expect(activityText(item({ kind: 'check', state: 'in_progress', title: 'test' }))).toBe(
      'test: running',
    );
    expect(activityText(item({ kind: 'check', state: 'success', title: 'test' }))).toBe(
      'test: passing',
    );
  });
});
