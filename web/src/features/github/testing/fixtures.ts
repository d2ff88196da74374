import type { ActivityItem, ActivityPage, RepositoryLink } from '@lp/contract/github';

export const kennels: RepositoryLink = {
  id: 51,
  full_name: 'ada-codes/kennels',
  url: 'https://github.com/ada-codes/kennels',
  deleted: false,
  project_id: 3,
  project_name: 'Kennels',
  source: 'template',
  linked_at: '2026-03-01T15:00:00.000Z',
  last_push_at: '2026-03-13T02:00:00.000Z',
  checks: 'failing',
};

export const glassdale: RepositoryLink = {
  id: 50,
  full_name: 'day-cohort-72/glassdale',
  url: 'https://github.com/day-cohort-72/glassdale',
  deleted: false,
  project_id: 2,
  project_name: 'Glassdale',
  source: 'team',
  linked_at: '2026-02-01T15:00:00.000Z',
  last_push_at: null,
  checks: null,
};

export const activityItem = (id: number, overrides: Partial<ActivityItem> = {}): ActivityItem => ({
  id,
  kind: 'push',
  repository: 'ada-codes/kennels',
  occurred_at: '2026-03-14T12:00:00.000Z',
  actor: 'ada-codes',
  title: `Commit ${id}`,
  url: `https://github.com/ada-codes/kennels/commit/${id}`,
  commit_count: 3,
  state: 'pushed',
  head_sha: null,
  ...overrides,
});

export const activityPage = (
  results: ActivityItem[],
  { count = results.length, next = null }: { count?: number; next?: string | null } = {},
): ActivityPage => ({ count, next, previous: null, results });
