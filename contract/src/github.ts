import { type Static, Type } from 'typebox';
import { Nullable, Paginated, Timestamp } from './common.ts';

/*
 * The learners' work on GitHub.
 *
 * POST /github/webhooks (anyone; GitHub signs it): an organisation webhook's or a GitHub App's
 * delivery. The body is checked against X-Hub-Signature-256 with GITHUB_WEBHOOK_SECRET, stored
 * once under X-GitHub-Delivery and processed by a job.
 * → 202 WebhookAnswer. 401 bad or missing signature; 503 when GITHUB_WEBHOOK_SECRET is not set;
 *   400 a body that is not a JSON object, or a missing X-GitHub-Event / X-GitHub-Delivery;
 *   413 a body over the limit. A delivery seen before, or of an event not used, is 202 too and
 *   changes nothing.
 *
 * Repositories are linked to a learner and, where known, the project they are for:
 * GET /students/{id}/repositories (the learner and staff) → RepositoryLinkList, newest first.
 * POST /students/{id}/repositories {url, projectId?} (the learner for themselves, staff for
 *   anyone) → 201 RepositoryLink. The URL must be https://github.com/{owner}/{name} with the
 *   owner the learner's GitHub login or their cohort's organisation; otherwise 400 naming why.
 *   Without projectId the learner's current project. 409 when already linked. Undoable.
 * DELETE /repository-links/{id} (staff) → 204, undoable.
 * GET /students/{id}/activity?page= (the learner and staff) → ActivityPage, newest first, 20 a page.
 */

export const WEBHOOK_PATH = '/github/webhooks';
/** The events a delivery is processed for; any other is answered 202 and ignored. */
export const WEBHOOK_EVENTS = [
  'push',
  'pull_request',
  'pull_request_review',
  'check_suite',
  'check_run',
  'workflow_run',
  'repository',
  'organization',
  'ping',
] as const;

export const WebhookAnswer = Type.Object({
  /** 'queued', 'duplicate' (seen before), or 'ignored' (an event not used). */
  outcome: Type.Union([Type.Literal('queued'), Type.Literal('duplicate'), Type.Literal('ignored')]),
  message: Type.String(),
});
export type WebhookAnswer = Static<typeof WebhookAnswer>;

/** The latest checks of a repository's newest pushed commit, taken together. */
export const ChecksState = Type.Union([
  Type.Literal('passing'),
  Type.Literal('failing'),
  Type.Literal('running'),
]);
export type ChecksState = Static<typeof ChecksState>;

export const CardPullRequest = Type.Object({
  number: Type.Integer(),
  title: Type.String(),
  url: Nullable(Type.String()),
});
export type CardPullRequest = Static<typeof CardPullRequest>;

/**
 * A board card's GitHub activity: the repository linked to the learner for their current
 * project. Null on the card when there is none.
 */
export const CardActivity = Type.Object({
  repository: Type.Object({
    full_name: Type.String(),
    url: Type.String(),
    /** Deleted on GitHub: nothing more will arrive. */
    deleted: Type.Boolean(),
  }),
  /** ISO instant of the latest push, null when nothing was pushed. */
  last_push_at: Nullable(Timestamp),
  /** Whole days since the latest push in the cohort's time zone; null when none. */
  days_since_push: Nullable(Type.Integer()),
  /** The most recently updated open pull request, null when none is open. */
  pull_request: Nullable(CardPullRequest),
  /** The checks of the latest pushed commit; null when it has none. */
  checks: Nullable(ChecksState),
  /** When the checks reached that state (how long they have been failing). */
  checks_since: Nullable(Timestamp),
});
export type CardActivity = Static<typeof CardActivity>;

export const RepositorySource = Type.Union([
  Type.Literal('assessment'),
  Type.Literal('team'),
  Type.Literal('template'),
  Type.Literal('learner'),
  Type.Literal('staff'),
]);
export type RepositorySource = Static<typeof RepositorySource>;

export const RepositoryLink = Type.Object({
  id: Type.Integer(),
  full_name: Type.String(),
  url: Type.String(),
  deleted: Type.Boolean(),
  project_id: Nullable(Type.Integer()),
  project_name: Nullable(Type.String()),
  source: RepositorySource,
  linked_at: Timestamp,
  /** The latest push and checks, as on the card. */
  last_push_at: Nullable(Timestamp),
  checks: Nullable(ChecksState),
});
export type RepositoryLink = Static<typeof RepositoryLink>;
export const RepositoryLinkList = Type.Array(RepositoryLink);
export type RepositoryLinkList = Static<typeof RepositoryLinkList>;

export const LinkRepositoryBody = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 300 }),
  projectId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
});
export type LinkRepositoryBody = Static<typeof LinkRepositoryBody>;

export const ActivityKind = Type.Union([
  Type.Literal('push'),
  Type.Literal('pull_request'),
  Type.Literal('review'),
  Type.Literal('check'),
]);
export type ActivityKind = Static<typeof ActivityKind>;

export const ActivityItem = Type.Object({
  id: Type.Integer(),
  kind: ActivityKind,
  repository: Type.String(),
  occurred_at: Timestamp,
  actor: Nullable(Type.String()),
  /** Push: the last commit's message; pull request and review: the title; check: its name. */
  title: Type.String(),
  url: Nullable(Type.String()),
  /** Push: how many commits. */
  commit_count: Nullable(Type.Integer()),
  /** Pull request: open/closed/merged; review: approved/changes_requested/commented; check:
   * queued/in_progress/success/failure/cancelled/… */
  state: Type.String(),
  head_sha: Nullable(Type.String()),
});
export type ActivityItem = Static<typeof ActivityItem>;
export const ActivityPage = Paginated(ActivityItem);
export type ActivityPage = Static<typeof ActivityPage>;
export const ACTIVITY_PAGE_SIZE = 20;
export const ActivityQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
});
export type ActivityQuery = Static<typeof ActivityQuery>;
