import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Chaos, drawChaos, serverError } from './fake-chaos.ts';
import type { HeldAnswer } from './held-answer.ts';

export interface FakeGithubUser {
  id: number;
  login: string;
  name: string | null;
  email?: string | null;
  avatar_url?: string | null;
  repos_url?: string | null;
}

/** An answer to give instead of the usual one: a rate limit, an outage. */
export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
  /** The ETag a conditional request sent. */
  ifNoneMatch?: string | undefined;
}

/** A commit of a fake repository's default branch. */
export interface FakeCommit {
  sha: string;
  message: string;
  /** The committer's date (ISO). */
  date: string;
  login?: string | null;
}

export interface FakePull {
  number: number;
  title: string;
  state: 'open' | 'closed';
  updated_at: string;
  closed_at?: string | null;
  merged_at?: string | null;
  head_sha: string;
  login?: string;
}

export interface FakeCheckRun {
  id: number;
  name: string;
  status: 'queued' | 'in_progress' | 'completed';
  conclusion: string | null;
  started_at: string | null;
  completed_at: string | null;
}

/** What the REST API tells of a repository: itself, its commits (newest first), PRs and checks. */
export interface FakeRepository {
  id: number;
  default_branch: string;
  commits: FakeCommit[];
  pulls: FakePull[];
  /** Head SHA → its check runs. */
  checkRuns: Record<string, FakeCheckRun[]>;
}

/** A local stand-in for GitHub's OAuth and REST endpoints that records what it received. */
export class FakeGithub {
  readonly requests: RecordedRequest[] = [];
  /** OAuth code → the user it signs in. */
  readonly codes = new Map<string, FakeGithubUser>();
  /** 'org/login' → membership state. */
  readonly memberships = new Map<string, string>();
  /** 'owner/name' of repositories created from templates. */
  readonly repositories = new Set<string>();
  /** 'owner/name' → its issues (teams: ticket migration). */
  readonly issues = new Map<string, { title: string; body: string; labels: string[] }[]>();
  /** 'owner/name' → its history (backfill); a repository made from a template copies its template's. */
  readonly details = new Map<string, FakeRepository>();
  /** 'owner/name' → the logins added as collaborators, with the permission asked for. */
  readonly collaborators = new Map<string, Map<string, string>>();
  private nextRepositoryId = 5_000;
  /** Make template generation answer 500, or collaborator calls 403. */
  failRepositories = false;
  /** How many of the next repository creations fail with a server error. */
  failGenerates = 0;
  /** The next request matching it is carried out, its answer held until released. */
  hold: HeldAnswer | null = null;
  failCollaborators = false;
  /** Answers for the next requests, in order, whatever they ask. */
  readonly nextAnswers: ScriptedAnswer[] = [];
  /** Slowness, outages and rate limits drawn at random (fake-chaos.ts). */
  chaos: Chaos | null = null;
  /** Turns a rate-limited draw into the 403 of a spent quota; otherwise a 429. */
  private quotaNext = true;
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(([status, body, headers]) => {
        response.writeHead(status, { ...headers, 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(
    request: IncomingMessage,
  ): Promise<[number, unknown, Record<string, string>?]> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const body = text ? JSON.parse(text) : null;
    const path = request.url ?? '';
    const method = request.method ?? 'GET';
    const ifNoneMatch = request.headers['if-none-match'];
    this.requests.push({
      method,
      path,
      body,
      authorization: request.headers.authorization,
      ...(ifNoneMatch ? { ifNoneMatch } : {}),
    });
    const scripted = this.nextAnswers.shift();
    if (scripted) return [scripted.status, scripted.body ?? {}, scripted.headers];
    const draw = await drawChaos(this.chaos);
    if (draw === 'fail') return [serverError.status, serverError.body];
    if (draw === 'rate-limit') return this.rateLimited();
    const answer = this.answer(method, path, body, request);
    const hold = this.hold;
    if (hold?.takes(`${method} ${path}`)) {
      this.hold = null;
      await hold.released;
    }
    return draw === 'lose-answer' ? [serverError.status, serverError.body] : answer;
  }

  private rateLimited(): [number, unknown, Record<string, string>] {
    this.quotaNext = !this.quotaNext;
    if (!this.quotaNext)
      return [
        403,
        { message: 'API rate limit exceeded' },
        {
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 1),
        },
      ];
    return [429, { message: 'You have exceeded a secondary rate limit' }, { 'retry-after': '1' }];
  }

  private answer(
    method: string,
    path: string,
    body: unknown,
    request: IncomingMessage,
  ): [number, unknown, Record<string, string>?] {
    if (method === 'POST' && path === '/login/oauth/access_token') {
      const code = (body as { code?: string }).code ?? '';
      return this.codes.has(code)
        ? [200, { access_token: `access-${code}` }]
        : [200, { error: 'bad_verification_code' }];
    }
    if (method === 'GET' && path === '/user') {
      const code = request.headers.authorization?.replace('Bearer access-', '') ?? '';
      const user = this.codes.get(code);
      return user
        ? [200, { email: null, avatar_url: null, repos_url: null, ...user }]
        : [401, { message: 'Bad credentials' }];
    }
    const membership = path.match(/^\/orgs\/([^/]+)\/memberships\/([^/]+)$/);
    if (membership) {
      const key = `${membership[1]}/${membership[2]}`;
      if (method === 'PUT') {
        if (!this.memberships.has(key)) this.memberships.set(key, 'pending');
        return [200, { state: this.memberships.get(key) }];
      }
      const state = this.memberships.get(key);
      return state ? [200, { state }] : [404, { message: 'Not Found' }];
    }
    // ---- Repositories (board feature: self-assessment repositories) ----
    const repository = path.match(/^\/repos\/([^/]+)\/([^/?]+)$/);
    if (method === 'GET' && repository) {
      const key = `${repository[1]}/${repository[2]}`;
      const details = this.details.get(key);
      if (!this.repositories.has(key) && !details) return [404, { message: 'Not Found' }];
      return this.conditional(request, {
        id: details?.id ?? null,
        full_name: key,
        html_url: `https://github.com/${key}`,
        default_branch: details?.default_branch ?? 'main',
      });
    }
    const history = this.history(method, path, request);
    if (history) return history;
    const generate = path.match(/^\/repos\/([^/]+)\/([^/]+)\/generate$/);
    if (method === 'POST' && generate) {
      if (this.failRepositories) return [500, { message: 'Server Error' }];
      if (this.failGenerates > 0) {
        this.failGenerates -= 1;
        return [500, { message: 'Server Error' }];
      }
      const { owner, name } = body as { owner: string; name: string };
      // As GitHub does: each character it does not allow in a name becomes a '-'.
      const key = `${owner}/${name.replace(/[^A-Za-z0-9._-]/g, '-')}`;
      if (this.repositories.has(key)) return [422, { message: 'Repository creation failed.' }];
      this.repositories.add(key);
      const template = this.details.get(`${generate[1]}/${generate[2]}`);
      this.nextRepositoryId += 1;
      this.details.set(key, {
        id: this.nextRepositoryId,
        default_branch: template?.default_branch ?? 'main',
        commits: [...(template?.commits ?? [])],
        pulls: [],
        checkRuns: {},
      });
      return [201, { full_name: key, html_url: `https://github.com/${key}` }];
    }
    const collaborator = path.match(/^\/repos\/([^/]+)\/([^/]+)\/collaborators\/([^/]+)$/);
    if (method === 'PUT' && collaborator) {
      if (this.failCollaborators) return [403, { message: 'Must have admin rights' }];
      if (!this.repositories.has(`${collaborator[1]}/${collaborator[2]}`)) {
        return [404, { message: 'Not Found' }];
      }
      const key = `${collaborator[1]}/${collaborator[2]}`;
      const permission = (body as { permission?: string } | null)?.permission ?? 'push';
      const logins = this.collaborators.get(key) ?? new Map<string, string>();
      logins.set(collaborator[3] ?? '', permission);
      this.collaborators.set(key, logins);
      return [201, { permissions: permission }];
    }
    // ---- Issues (teams feature: ticket migration) ----
    const issues = path.match(/^\/repos\/([^/]+)\/([^/]+)\/issues(\?.*)?$/);
    if (issues) {
      const key = `${issues[1]}/${issues[2]}`;
      if (method === 'GET' && !this.repositories.has(key) && !this.issues.has(key))
        return [404, { message: 'Not Found' }];
      if (method === 'GET') {
        const page = Number(new URLSearchParams(issues[3]?.slice(1)).get('page') ?? '1');
        return [200, page === 1 ? (this.issues.get(key) ?? []) : []];
      }
      if (method === 'POST') {
        const list = this.issues.get(key) ?? [];
        list.push(body as { title: string; body: string; labels: string[] });
        this.issues.set(key, list);
        return [201, body];
      }
    }
    return [404, { message: 'Not Found' }];
  }

  /** A GET answer with an ETag of its body; 304 when the request names that ETag already. */
  private conditional(
    request: IncomingMessage,
    body: unknown,
  ): [number, unknown, Record<string, string>] {
    const etag = `"${createHash('sha1').update(JSON.stringify(body)).digest('hex')}"`;
    if (request.headers['if-none-match'] === etag) return [304, null, { etag }];
    return [200, body, { etag }];
  }

  /** Commits, pull requests and check runs of a repository in `details` (backfill). */
  private history(
    method: string,
    path: string,
    request: IncomingMessage,
  ): [number, unknown, Record<string, string>?] | null {
    const [route = '', query = ''] = path.split('?');
    const match = route.match(
      /^\/repos\/([^/]+)\/([^/]+)\/(commits|pulls)(?:\/([^/]+)\/check-runs)?$/,
    );
    if (method !== 'GET' || !match) return null;
    const key = `${match[1]}/${match[2]}`;
    const details = this.details.get(key);
    if (!details) return [404, { message: 'Not Found' }];
    const url = `https://github.com/${key}`;
    const params = new URLSearchParams(query);
    const perPage = Number(params.get('per_page') ?? '30');
    if (match[3] === 'commits' && match[4]) {
      const runs = details.checkRuns[match[4]] ?? [];
      return this.conditional(request, {
        total_count: runs.length,
        check_runs: runs.map((run) => ({
          ...run,
          head_sha: match[4],
          html_url: `${url}/runs/${run.id}`,
          app: { slug: 'github-actions' },
        })),
      });
    }
    if (match[3] === 'commits') {
      if (details.commits.length === 0) return [409, { message: 'Git Repository is empty.' }];
      return this.conditional(
        request,
        details.commits.slice(0, perPage).map((commit) => ({
          sha: commit.sha,
          html_url: `${url}/commit/${commit.sha}`,
          commit: {
            message: commit.message,
            author: { name: commit.login ?? 'someone', date: commit.date },
            committer: { name: commit.login ?? 'someone', date: commit.date },
          },
          author: commit.login ? { login: commit.login } : null,
        })),
      );
    }
    const pulls = [...details.pulls]
      .filter((pr) => (params.get('state') ?? 'open') === 'all' || pr.state === params.get('state'))
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
      .slice(0, perPage);
    return this.conditional(
      request,
      pulls.map((pr) => ({
        number: pr.number,
        title: pr.title,
        state: pr.state,
        updated_at: pr.updated_at,
        closed_at: pr.closed_at ?? null,
        merged_at: pr.merged_at ?? null,
        html_url: `${url}/pull/${pr.number}`,
        user: { login: pr.login ?? 'someone' },
        head: { sha: pr.head_sha },
      })),
    );
  }
}
