import type { EmitterWebhookEvent } from '@octokit/webhooks';
import type { RepositoryEventKind } from '../../db/schema.ts';

// What a webhook delivery means for the product, read from GitHub's payload (its shapes are
// @octokit/webhooks' types): events in a repository, a repository renamed or deleted, or a
// learner who joined the organisation. Nothing here touches the database.

type Payload<
  E extends
    | 'push'
    | 'pull_request'
    | 'pull_request_review'
    | 'check_run'
    | 'check_suite'
    | 'workflow_run'
    | 'repository'
    | 'organization',
> = EmitterWebhookEvent<E>['payload'];

export interface RepositoryRef {
  githubId: number;
  fullName: string;
  url: string;
  defaultBranch: string | null;
}

export interface NewRepositoryEvent {
  kind: RepositoryEventKind;
  subject: string;
  key: string;
  occurredAt: string;
  actor: string | null;
  title: string;
  url: string | null;
  headSha: string | null;
  commitCount: number | null;
  state: string;
}

export type DeliveryChange =
  | { type: 'events'; repository: RepositoryRef; events: NewRepositoryEvent[] }
  | { type: 'repository'; action: 'created' | 'moved' | 'deleted'; repository: RepositoryRef }
  | { type: 'member'; login: string; organization: string }
  | { type: 'none'; reason: string };

interface RepositoryPayload {
  id: number;
  full_name: string;
  html_url: string;
  default_branch?: string | null;
}

const repositoryRef = (repository: RepositoryPayload): RepositoryRef => ({
  githubId: repository.id,
  fullName: repository.full_name,
  url: repository.html_url,
  defaultBranch: repository.default_branch ?? null,
});

const iso = (value: string | number | null | undefined, fallback: string): string => {
  if (value === null || value === undefined || value === '') return fallback;
  // Push payloads give repository.pushed_at in seconds since the epoch.
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : date.toISOString();
};

const firstLine = (text: string | null | undefined) => (text ?? '').split('\n')[0]!.slice(0, 300);

/** A check's state: its conclusion once completed, else its status. */
const checkState = (status: string | null | undefined, conclusion: string | null | undefined) =>
  status === 'completed' ? (conclusion ?? 'neutral') : (status ?? 'queued');

const events = (repository: RepositoryPayload, list: NewRepositoryEvent[]): DeliveryChange =>
  list.length === 0
    ? { type: 'none', reason: 'nothing to record' }
    : { type: 'events', repository: repositoryRef(repository), events: list };

function pushChange(payload: Payload<'push'>, receivedAt: string): DeliveryChange {
  if (!payload.ref.startsWith('refs/heads/')) return { type: 'none', reason: 'not a branch' };
  if (payload.deleted) return { type: 'none', reason: 'a branch deleted' };
  const branch = payload.ref.slice('refs/heads/'.length);
  const head = payload.head_commit;
  return events(payload.repository, [
    {
      kind: 'push',
      subject: branch,
      key: `${branch}:${payload.after}`,
      occurredAt: iso(payload.repository.pushed_at ?? head?.timestamp, receivedAt),
      actor: payload.sender?.login ?? payload.pusher.name ?? null,
      title: firstLine(head?.message) || `Pushed to ${branch}`,
      url: payload.compare || head?.url || null,
      headSha: payload.after,
      commitCount: payload.commits.length,
      state: 'pushed',
    },
  ]);
}

function pullRequestChange(payload: Payload<'pull_request'>, receivedAt: string): DeliveryChange {
  const pr = payload.pull_request;
  const state = pr.merged_at ? 'merged' : pr.state;
  const at = iso(pr.merged_at ?? pr.closed_at ?? pr.updated_at, receivedAt);
  return events(payload.repository, [
    {
      kind: 'pull_request',
      subject: String(pr.number),
      key: `${pr.number}:${state}:${at}`,
      occurredAt: at,
      actor: payload.sender?.login ?? null,
      title: pr.title,
      url: pr.html_url,
      headSha: pr.head.sha,
      commitCount: null,
      state,
    },
  ]);
}

function reviewChange(payload: Payload<'pull_request_review'>, receivedAt: string): DeliveryChange {
  const { review, pull_request: pr } = payload;
  const state = review.state.toLowerCase();
  return events(payload.repository, [
    {
      kind: 'review',
      subject: String(pr.number),
      key: `${review.id}:${state}`,
      occurredAt: iso(review.submitted_at ?? pr.updated_at, receivedAt),
      actor: review.user?.login ?? null,
      title: pr.title,
      url: review.html_url,
      headSha: review.commit_id,
      commitCount: null,
      state,
    },
  ]);
}

interface CheckLike {
  subject: string;
  name: string;
  status: string | null | undefined;
  conclusion: string | null | undefined;
  at: string | null | undefined;
  url: string | null | undefined;
  headSha: string;
}

function checkChange(
  repository: RepositoryPayload,
  actor: string | null,
  check: CheckLike,
  receivedAt: string,
): DeliveryChange {
  const state = checkState(check.status, check.conclusion);
  const at = iso(check.at, receivedAt);
  return events(repository, [
    {
      kind: 'check',
      subject: check.subject,
      key: `${check.subject}:${state}:${at}`,
      occurredAt: at,
      actor,
      title: check.name,
      url: check.url ?? null,
      headSha: check.headSha,
      commitCount: null,
      state,
    },
  ]);
}

function repositoryChange(payload: Payload<'repository'>): DeliveryChange {
  const repository = repositoryRef(payload.repository);
  switch (payload.action) {
    case 'created':
      return { type: 'repository', action: 'created', repository };
    case 'renamed':
    case 'transferred':
      return { type: 'repository', action: 'moved', repository };
    case 'deleted':
      return { type: 'repository', action: 'deleted', repository };
    default:
      return { type: 'none', reason: `repository ${payload.action} is not used` };
  }
}

function organizationChange(payload: Payload<'organization'>): DeliveryChange {
  if (payload.action !== 'member_added' || !payload.membership?.user)
    return { type: 'none', reason: `organization ${payload.action} is not used` };
  return {
    type: 'member',
    login: payload.membership.user.login,
    organization: payload.organization.login,
  };
}

/**
 * What a delivery of `event` with `payload` changes. The payload's shape is GitHub's for the
 * event; a delivery missing what its event needs throws a TypeError, kept as its outcome.
 */
export function deliveryChange(
  event: string,
  payload: Record<string, unknown>,
  receivedAt: string,
): DeliveryChange {
  switch (event) {
    case 'push':
      return pushChange(payload as unknown as Payload<'push'>, receivedAt);
    case 'pull_request':
      return pullRequestChange(payload as unknown as Payload<'pull_request'>, receivedAt);
    case 'pull_request_review':
      return reviewChange(payload as unknown as Payload<'pull_request_review'>, receivedAt);
    case 'check_run': {
      const { check_run: run, repository, sender } = payload as unknown as Payload<'check_run'>;
      return checkChange(
        repository,
        sender?.login ?? null,
        {
          subject: `run:${run.id}`,
          name: run.name,
          status: run.status,
          conclusion: run.conclusion,
          at: run.completed_at ?? run.started_at,
          url: run.html_url,
          headSha: run.head_sha,
        },
        receivedAt,
      );
    }
    case 'check_suite': {
      const {
        check_suite: suite,
        repository,
        sender,
      } = payload as unknown as Payload<'check_suite'>;
      return checkChange(
        repository,
        sender?.login ?? null,
        {
          subject: `suite:${suite.id}`,
          name: suite.app?.name ?? 'Checks',
          status: suite.status,
          conclusion: suite.conclusion,
          at: suite.updated_at,
          url: null,
          headSha: suite.head_sha,
        },
        receivedAt,
      );
    }
    case 'workflow_run': {
      const {
        workflow_run: run,
        repository,
        sender,
      } = payload as unknown as Payload<'workflow_run'>;
      return checkChange(
        repository,
        sender?.login ?? null,
        {
          subject: `workflow:${run.id}`,
          name: run.name ?? 'Workflow',
          status: run.status,
          conclusion: run.conclusion,
          at: run.updated_at,
          url: run.html_url,
          headSha: run.head_sha,
        },
        receivedAt,
      );
    }
    case 'repository':
      return repositoryChange(payload as unknown as Payload<'repository'>);
    case 'organization':
      return organizationChange(payload as unknown as Payload<'organization'>);
    default:
      return { type: 'none', reason: `${event} is not used` };
  }
}
