import type { Config } from '../config.ts';
import {
  fetchWithRetry,
  type HttpPolicy,
  OutsideError,
  outsideMessage,
  type RequestOptions,
  rateLimitWait,
} from './http.ts';

export interface GithubUser {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
  avatar_url: string | null;
  repos_url: string | null;
}

export class GithubError extends OutsideError {}

/** A refusal as an error whose message ends with GitHub's status and its own words. */
async function refusal(response: Response, text: string, now = Date.now()) {
  const wait = rateLimitWait(response, now);
  const said = await outsideMessage(response);
  return new GithubError(
    `${text} (${response.status}${said ? `: ${said}` : ''})`,
    response.status,
    wait,
  );
}

/** An issue (ticket) as copied between repositories. */
export interface GithubIssue {
  title: string;
  body: string;
  labels: string[];
}

/** The GitHub calls this product makes: OAuth sign-in, organisation membership, repositories. */
export class GithubClient {
  constructor(
    private readonly config: Config['github'],
    private readonly policy: HttpPolicy = {},
  ) {}

  private fetch(url: string, init: RequestInit, options: RequestOptions = {}) {
    return fetchWithRetry(url, init, { ...this.policy, ...options });
  }

  get oauthConfigured(): boolean {
    return Boolean(this.config.clientId && this.config.clientSecret);
  }

  get apiConfigured(): boolean {
    return Boolean(this.config.token);
  }

  authorizeUrl(state: string, redirectUri: string): string {
    const params = new URLSearchParams({
      client_id: this.config.clientId ?? '',
      redirect_uri: redirectUri,
      scope: '',
      state,
      response_type: 'code',
    });
    return `${this.config.oauthUrl}/login/oauth/authorize?${params}`;
  }

  async exchangeCode(code: string, redirectUri: string): Promise<string> {
    const response = await this.fetch(`${this.config.oauthUrl}/login/oauth/access_token`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
        code,
        redirect_uri: redirectUri,
      }),
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      error?: string;
    };
    if (!response.ok || !body.access_token) {
      throw new GithubError(`GitHub refused the sign-in code (${body.error ?? response.status})`);
    }
    return body.access_token;
  }

  async currentUser(accessToken: string): Promise<GithubUser> {
    const response = await this.fetch(`${this.config.apiUrl}/user`, {
      headers: { accept: 'application/vnd.github+json', authorization: `Bearer ${accessToken}` },
    });
    if (!response.ok) throw new GithubError(`GitHub user lookup failed (${response.status})`);
    const user = (await response.json()) as GithubUser;
    if (typeof user.id !== 'number' || typeof user.login !== 'string') {
      throw new GithubError('GitHub answered without a user id and login');
    }
    return user;
  }

  private serverHeaders() {
    return {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${this.config.token}`,
      'content-type': 'application/json',
    };
  }

  /** Invites a login to an organisation; throws GitHub's refusal, so a job can retry it. */
  async ensureOrganizationMember(org: string, login: string): Promise<void> {
    const url = `${this.config.apiUrl}/orgs/${encodeURIComponent(org)}/memberships/${encodeURIComponent(login)}`;
    const response = await this.fetch(url, {
      method: 'PUT',
      headers: this.serverHeaders(),
      body: JSON.stringify({ role: 'member' }),
    });
    if (!response.ok) throw await refusal(response, `GitHub did not invite ${login} to ${org}`);
    await response.body?.cancel();
  }

  /** 'active', 'pending', or null when unknown. */
  async organizationMembershipState(org: string, login: string): Promise<string | null> {
    if (!this.apiConfigured) return null;
    const url = `${this.config.apiUrl}/orgs/${encodeURIComponent(org)}/memberships/${encodeURIComponent(login)}`;
    const response = await this.fetch(url, { headers: this.serverHeaders() });
    if (!response.ok) return null;
    const body = (await response.json().catch(() => ({}))) as { state?: string };
    return body.state ?? null;
  }

  /**
   * Creates `owner/name` from the template repository `template` ('owner/repo').
   * GitHub answers 422 when the repository already exists: that counts as created, so a retry
   * after a failed collaborator call goes on, and repeating the request is safe.
   */
  async generateFromTemplate(
    template: string,
    repository: { owner: string; name: string; description: string },
  ): Promise<void> {
    const response = await this.fetch(
      `${this.config.apiUrl}/repos/${template}/generate`,
      {
        method: 'POST',
        headers: this.serverHeaders(),
        body: JSON.stringify({ ...repository, include_all_branches: false, private: false }),
      },
      { idempotent: true },
    );
    if (!response.ok && response.status !== 422) {
      throw await refusal(
        response,
        `GitHub could not create the repository ${repository.owner}/${repository.name}`,
      );
    }
  }

  /** Whether 'owner/name' exists (and this token sees it). */
  async repositoryExists(repository: string): Promise<boolean> {
    const response = await this.fetch(`${this.config.apiUrl}/repos/${repository}`, {
      headers: this.serverHeaders(),
    });
    if (response.status === 404) return false;
    if (!response.ok) throw await refusal(response, `GitHub did not look up ${repository}`);
    await response.body?.cancel();
    return true;
  }

  /** Gives a login write access to a repository: 204 already a collaborator, 201 invited. */
  async addCollaborator(owner: string, repo: string, login: string): Promise<void> {
    const url = `${this.config.apiUrl}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/collaborators/${encodeURIComponent(login)}`;
    const response = await this.fetch(url, {
      method: 'PUT',
      headers: this.serverHeaders(),
      body: JSON.stringify({ permission: 'write' }),
    });
    if (response.status !== 201 && response.status !== 204) {
      throw await refusal(
        response,
        'Student was not added as a collaborator to the assessment repository',
      );
    }
  }
  /** The open issues (not pull requests) of 'owner/repo', up to 1000, oldest first. */
  async openIssues(repository: string): Promise<GithubIssue[]> {
    const issues: GithubIssue[] = [];
    for (let page = 1; page <= 10; page += 1) {
      const response = await this.fetch(
        `${this.config.apiUrl}/repos/${repository}/issues?state=open&direction=asc&per_page=100&page=${page}`,
        { method: 'GET', headers: this.serverHeaders() },
      );
      if (!response.ok)
        throw await refusal(response, `GitHub did not list the issues of ${repository}`);
      const batch = (await response.json()) as (GithubIssue & { pull_request?: unknown })[];
      for (const issue of batch) {
        if (issue.pull_request) continue;
        issues.push({
          title: issue.title,
          body: issue.body ?? '',
          labels: (issue.labels ?? []).map((label) =>
            typeof label === 'string' ? label : (label as { name: string }).name,
          ),
        });
      }
      if (batch.length < 100) break;
    }
    return issues;
  }

  /** Opens an issue in 'owner/repo'. */
  async createIssue(repository: string, issue: GithubIssue): Promise<void> {
    const response = await this.fetch(`${this.config.apiUrl}/repos/${repository}/issues`, {
      method: 'POST',
      headers: this.serverHeaders(),
      body: JSON.stringify(issue),
    });
    if (response.status !== 201)
      throw await refusal(response, `GitHub did not open an issue in ${repository}`);
  }
}

/** GitHub's longest repository name. */
const REPOSITORY_NAME_MAX = 100;

/** A name part as GitHub allows it: accents dropped, each run of other characters one '-'. */
const namePart = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * A repository name GitHub takes as it is: ASCII letters, digits, '-', '_' and '.', at most 100
 * characters. Given another character, GitHub makes the repository under a name of its own
 * ('Group:-Rare' becomes 'Group--Rare'), which the product would then never find. The parts are
 * joined with '-'; the first is shortened when the whole would be too long.
 */
export function repositoryName(first: string, ...rest: string[]): string {
  const tail = rest.map(namePart).filter(Boolean);
  const room = REPOSITORY_NAME_MAX - tail.reduce((length, part) => length + part.length + 1, 0);
  const head = namePart(first).slice(0, Math.max(room, 0)).replace(/-+$/, '') || 'repository';
  return [head, ...tail].join('-').slice(0, REPOSITORY_NAME_MAX);
}

/** The organisation name is the last path segment of https://github.com/<org>. */
export function organizationFromUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const segment = url.replace(/\/+$/, '').split('/').pop();
  return segment ? segment : null;
}

/** 'owner/repo' from the last two path segments of a repository URL, or null. */
export function repositoryFromUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const segments = url
    .replace(/\.git$/, '')
    .replace(/\/+$/, '')
    .split('/');
  const [owner, repo] = segments.slice(-2);
  if (!owner || !repo || segments.length < 2 || /[:]/.test(owner)) return null;
  return `${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
}
