import { randomUUID } from 'node:crypto';
import { Webhooks } from '@octokit/webhooks';

// GitHub's side of a webhook: deliveries with the payload shapes GitHub sends (the fields of
// @octokit/webhooks' types the product reads, and the ones around them), signed with the
// webhook's secret the way GitHub signs them.

export const WEBHOOK_SECRET = 'webhook-secret-for-tests';

export interface FakeRepository {
  id: number;
  owner: string;
  name: string;
}

const repositoryPayload = (repository: FakeRepository, pushedAt?: Date) => ({
  id: repository.id,
  node_id: `R_${repository.id}`,
  name: repository.name,
  full_name: `${repository.owner}/${repository.name}`,
  private: true,
  owner: { login: repository.owner, id: 1, type: 'Organization' },
  html_url: `https://github.com/${repository.owner}/${repository.name}`,
  default_branch: 'main',
  ...(pushedAt ? { pushed_at: Math.floor(pushedAt.getTime() / 1000) } : {}),
});

const sender = (login: string) => ({ login, id: 42, type: 'User' });

export interface Delivery {
  event: string;
  id: string;
  payload: Record<string, unknown>;
}

const delivery = (event: string, payload: Record<string, unknown>): Delivery => ({
  event,
  id: randomUUID(),
  payload,
});

export function pushDelivery(
  repository: FakeRepository,
  options: { at: Date; sha: string; messages: string[]; login?: string; branch?: string },
): Delivery {
  const branch = options.branch ?? 'main';
  const commits = options.messages.map((message, index) => ({
    id: `${options.sha.slice(0, 30)}${String(index).padStart(10, '0')}`,
    message,
    timestamp: options.at.toISOString(),
    url: `https://github.com/${repository.owner}/${repository.name}/commit/${options.sha}`,
    author: { name: options.login ?? 'learner', email: 'learner@example.com' },
  }));
  const head = commits.at(-1);
  return delivery('push', {
    ref: `refs/heads/${branch}`,
    before: '0'.repeat(40),
    after: options.sha,
    created: false,
    deleted: false,
    forced: false,
    compare: `https://github.com/${repository.owner}/${repository.name}/compare/${options.sha}`,
    commits,
    head_commit: head ? { ...head, id: options.sha } : null,
    repository: repositoryPayload(repository, options.at),
    pusher: { name: options.login ?? 'learner', email: 'learner@example.com' },
    sender: sender(options.login ?? 'learner'),
  });
}

export function checkRunDelivery(
  repository: FakeRepository,
  options: {
    id: number;
    name: string;
    sha: string;
    status: 'queued' | 'in_progress' | 'completed';
    conclusion?: 'success' | 'failure' | 'cancelled' | null;
    at: Date;
  },
): Delivery {
  const completed = options.status === 'completed';
  return delivery('check_run', {
    action: completed ? 'completed' : 'created',
    check_run: {
      id: options.id,
      name: options.name,
      head_sha: options.sha,
      status: options.status,
      conclusion: completed ? (options.conclusion ?? 'success') : null,
      started_at: options.at.toISOString(),
      completed_at: completed ? options.at.toISOString() : null,
      html_url: `https://github.com/${repository.owner}/${repository.name}/runs/${options.id}`,
      check_suite: { id: options.id + 1_000_000, head_sha: options.sha },
      app: { id: 15368, slug: 'github-actions', name: 'GitHub Actions' },
    },
    repository: repositoryPayload(repository),
    sender: sender('github-actions[bot]'),
  });
}

export function pullRequestDelivery(
  repository: FakeRepository,
  options: {
    number: number;
    title: string;
    action: 'opened' | 'closed' | 'reopened';
    merged?: boolean;
    at: Date;
  },
): Delivery {
  const at = options.at.toISOString();
  const closed = options.action === 'closed';
  return delivery('pull_request', {
    action: options.action,
    number: options.number,
    pull_request: {
      id: options.number * 1000,
      number: options.number,
      title: options.title,
      state: closed ? 'closed' : 'open',
      html_url: `https://github.com/${repository.owner}/${repository.name}/pull/${options.number}`,
      created_at: at,
      updated_at: at,
      closed_at: closed ? at : null,
      merged_at: closed && options.merged ? at : null,
      head: { ref: 'feature', sha: 'f'.repeat(40) },
      base: { ref: 'main', sha: 'e'.repeat(40) },
      user: sender('learner'),
    },
    repository: repositoryPayload(repository),
    sender: sender('learner'),
  });
}

export function repositoryDelivery(
  repository: FakeRepository,
  action: 'deleted' | 'renamed' | 'created',
): Delivery {
  return delivery('repository', {
    action,
    repository: repositoryPayload(repository),
    sender: sender('admin'),
  });
}

export function memberAddedDelivery(organization: string, login: string): Delivery {
  return delivery('organization', {
    action: 'member_added',
    membership: { state: 'active', role: 'member', user: sender(login) },
    organization: { login: organization, id: 7 },
    sender: sender('admin'),
  });
}

const signer = new Webhooks({ secret: WEBHOOK_SECRET });

/** The request GitHub would send for `delivery`: its body and headers, signed with `secret`. */
export async function signedRequest(item: Delivery, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify(item.payload);
  const signature =
    secret === WEBHOOK_SECRET ? await signer.sign(body) : await new Webhooks({ secret }).sign(body);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': item.event,
      'x-github-delivery': item.id,
      'x-hub-signature-256': signature,
      'user-agent': 'GitHub-Hookshot/test',
    },
  };
}
