// A repository's recent history, read from GitHub's REST API by a job step (server/src/jobs) once
// the repository is linked: webhooks only tell of what happens from then on. The events get the
// keys a webhook delivery of the same event gets (delivery-changes.ts), so each is stored once
// whichever arrives first.
import { Octokit } from '@octokit/rest';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema.ts';
import { GithubError } from '../../integrations/github.ts';
import { fetchWithRetry, rateLimitWait } from '../../integrations/http.ts';
import { enqueue } from '../../jobs/queue.ts';
import { defineStep, type PlannedStep } from '../../jobs/steps.ts';
import { recordBoardChanges } from '../board/index.ts';
import type { NewRepositoryEvent } from './delivery-changes.ts';
import * as repo from './repositories.repository.ts';

export const BACKFILL_JOB = 'github-backfill';
const BACKFILL_STEP = 'github-backfill';
/** How many pull requests are read: the most recently updated. */
const RECENT_PULLS = 30;

interface BackfillInput {
  /** The stored repository; absent when planned before it is stored (a template's new one). */
  repositoryId?: number;
  fullName: string;
}

/**
 * What a backfill knows after its calls, kept as the step's progress and result: the ETag of each
 * answer (by what was asked), so the next backfill asks "anything new?" (If-None-Match) and a 304
 * costs no rate limit; the branch and head commit, needed when the commits answer 304.
 */
interface BackfillState {
  etags: Record<string, string>;
  branch: string | null;
  headSha: string | null;
  /** Events recorded so far by this step (over its attempts), for the board's refresh. */
  added: number;
}

const emptyState = (): BackfillState => ({ etags: {}, branch: null, headSha: null, added: 0 });

const readState = (value: unknown): BackfillState | null => {
  if (!value || typeof value !== 'object') return null;
  const state = value as Partial<Record<keyof BackfillState, unknown>>;
  const etags: Record<string, string> = {};
  if (state.etags && typeof state.etags === 'object')
    for (const [key, tag] of Object.entries(state.etags))
      if (typeof tag === 'string') etags[key] = tag;
  return {
    etags,
    branch: typeof state.branch === 'string' ? state.branch : null,
    headSha: typeof state.headSha === 'string' ? state.headSha : null,
    added: typeof state.added === 'number' ? state.added : 0,
  };
};

/** What the latest finished backfill of the repository knew (its ETags), or an empty state. */
async function previousState(db: Db, repositoryId: number): Promise<BackfillState> {
  const row = await db
    .selectFrom('job_steps')
    .select('result')
    .where('kind', '=', BACKFILL_STEP)
    .where('status', '=', 'done')
    .where(sql`result->>'repositoryId'`, '=', String(repositoryId))
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { ...(readState(row?.result) ?? emptyState()), added: 0 };
}

/** The step that backfills `fullName`, for a job of its own or after the step that makes it. */
export const backfillStep = (input: BackfillInput, after?: string[]): PlannedStep => ({
  kind: BACKFILL_STEP,
  phase: 'Reading GitHub history',
  label: `Recent GitHub activity of ${input.fullName}`,
  input: { ...input },
  ...(after ? { after } : {}),
});

/**
 * Queues the backfill of a repository just linked, in the link's transaction; nothing without a
 * GitHub token (the link stands, webhooks fill it in). Answers the job's id or null.
 */
export async function queueBackfill(
  app: FastifyInstance,
  trx: Transaction<Database>,
  job: {
    repositoryId: number;
    fullName: string;
    learnerId: number;
    cohortId: number | null;
    createdBy: number | null;
  },
): Promise<number | null> {
  if (!app.config.github.token) return null;
  return enqueue(trx, {
    kind: BACKFILL_JOB,
    cohortId: job.cohortId,
    learnerId: job.learnerId,
    createdBy: job.createdBy,
    steps: [backfillStep({ repositoryId: job.repositoryId, fullName: job.fullName })],
  });
}

/** The REST client of a step: through fetchWithRetry, so the step's lease guard and timeouts hold. */
const octokitFor = (app: FastifyInstance) => {
  const quiet = (message: string) => app.log.debug({ github: message });
  return new Octokit({
    auth: app.config.github.token,
    baseUrl: app.config.github.apiUrl,
    // A rate limit is not waited out here (maxWaitMs 0): the queue reschedules the step.
    request: {
      fetch: (url: string, init: RequestInit) => fetchWithRetry(url, init, { maxWaitMs: 0 }),
    },
    // Octokit logs each refusal (a 304 too) as an error on the console otherwise.
    log: { debug: quiet, info: quiet, warn: quiet, error: quiet },
  });
};

/** Octokit's RequestError, told by its shape (its package is not a dependency of ours). */
interface OctokitFailure extends Error {
  status: number;
  response?: { headers: Record<string, string | number | undefined> };
}

const isOctokitFailure = (error: unknown): error is OctokitFailure =>
  error instanceof Error &&
  error.name === 'HttpError' &&
  typeof (error as { status?: unknown }).status === 'number';

/**
 * The error a step throws for a failed call: GitHub's refusal as a GithubError (a rate limit
 * carrying its wait, so the queue reschedules without counting a failure); no answer at all as
 * fetch's own error (or the lost claim that stopped the call), which Octokit wraps as a 500.
 */
function stepError(error: unknown, what: string): unknown {
  if (!isOctokitFailure(error)) return error;
  if (!error.response && error.cause instanceof Error) return error.cause;
  const headers = new Headers();
  for (const [name, value] of Object.entries(error.response?.headers ?? {}))
    if (value !== undefined) headers.set(name, String(value));
  const wait = rateLimitWait(new Response(null, { status: error.status, headers }));
  return new GithubError(`${what} (${error.status}: ${error.message})`, error.status, wait);
}

/**
 * One conditional GET: sends the ETag kept under `key` and keeps the new one. Answers the data, or
 * null for a 304 (nothing changed since the ETag's answer, which was recorded then).
 */
async function conditional<T>(
  state: BackfillState,
  key: string,
  what: string,
  call: (headers: Record<string, string>) => Promise<{ data: T; headers: { etag?: string } }>,
): Promise<T | null> {
  const etag = state.etags[key];
  try {
    const response = await call(etag ? { 'if-none-match': etag } : {});
    if (response.headers.etag) state.etags[key] = response.headers.etag;
    else delete state.etags[key];
    return response.data;
  } catch (error) {
    if (isOctokitFailure(error) && error.status === 304) return null;
    throw stepError(error, what);
  }
}

/** GitHub's time as the ISO text a webhook delivery's event gets (delivery-changes.ts `iso`). */
const isoTime = (value: string | null | undefined, fallback: string) => {
  if (!value) return fallback;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : date.toISOString();
};

const firstLine = (text: string | null | undefined) => (text ?? '').split('\n')[0]!.slice(0, 300);

/** A check's state: its conclusion once completed, else its status (as for webhooks). */
const checkState = (status: string | null | undefined, conclusion: string | null | undefined) =>
  status === 'completed' ? (conclusion ?? 'neutral') : (status ?? 'queued');

/** A login from GitHub's user field, which may be null or an empty object. */
const loginOf = (user: object | null | undefined) =>
  user && 'login' in user && typeof user.login === 'string' ? user.login : null;

/**
 * Reads the repository, its default branch's head commit (one 'push' event: the branch at that
 * commit, as a push delivery names it), its recent pull requests and the head commit's check
 * runs, recording each answer's events before its ETag is kept: a retry after any failure asks
 * again only what was not recorded. A rate limit throws a GithubError with the wait.
 */
export const githubBackfillStep = defineStep<BackfillInput>({
  kind: BACKFILL_STEP,
  async run(input, { app, progress, saveProgress, transaction }) {
    const row = input.repositoryId
      ? await app.db
          .selectFrom('repositories')
          .selectAll()
          .where('id', '=', input.repositoryId)
          .executeTakeFirst()
      : await app.db
          .selectFrom('repositories')
          .selectAll()
          .where(sql`lower(full_name)`, '=', input.fullName.toLowerCase())
          .executeTakeFirst();
    if (!row) return { summary: `${input.fullName} is not a linked repository` };
    if (!app.config.github.token) return { summary: 'GitHub is not configured' };
    const state = readState(progress.backfill) ?? (await previousState(app.db, row.id));
    const [owner = '', name = ''] = row.full_name.split('/');
    const github = octokitFor(app);
    const now = new Date().toISOString();
    const used = new Set<string>();

    // Records what one answer brought, then keeps the state (its new ETag) as progress.
    const record = async (events: NewRepositoryEvent[]) => {
      const added = await transaction((trx) => repo.addEvents(trx, row.id, events));
      state.added += added;
      await saveProgress({ backfill: { ...state } });
    };

    used.add('repository');
    const found = await conditional(
      state,
      'repository',
      `GitHub did not show ${row.full_name}`,
      (headers) => github.rest.repos.get({ owner, repo: name, headers }),
    );
    if (found) {
      const ref = {
        githubId: found.id,
        fullName: found.full_name,
        url: found.html_url,
        defaultBranch: found.default_branch,
      };
      await transaction(async (trx) => {
        // Stored by name without GitHub's id, or renamed since: the row is brought up to date.
        const refreshed = await repo.refreshRepository(trx, ref);
        if (!refreshed)
          await trx
            .updateTable('repositories')
            .set({
              github_id: ref.githubId,
              full_name: ref.fullName,
              html_url: ref.url,
              default_branch: ref.defaultBranch,
              deleted_at: null,
            })
            .where('id', '=', row.id)
            .execute();
      });
      state.branch = found.default_branch;
      await saveProgress({ backfill: { ...state } });
    }
    const branch = state.branch ?? row.default_branch;

    if (branch) {
      const key = `commits:${branch}`;
      used.add(key);
      let commits: Awaited<ReturnType<typeof github.rest.repos.listCommits>>['data'] | null;
      try {
        commits = await conditional(
          state,
          key,
          `GitHub did not list the commits of ${row.full_name}`,
          (headers) =>
            github.rest.repos.listCommits({
              owner,
              repo: name,
              sha: branch,
              per_page: 30,
              headers,
            }),
        );
      } catch (error) {
        // 409: the repository has no commits yet (a template's copy still being made).
        if (!(error instanceof GithubError && error.status === 409)) throw error;
        commits = [];
      }
      if (commits) {
        const head = commits[0];
        state.headSha = head?.sha ?? null;
        await record(
          head
            ? [
                {
                  kind: 'push',
                  subject: branch,
                  key: `${branch}:${head.sha}`,
                  occurredAt: isoTime(head.commit.committer?.date ?? head.commit.author?.date, now),
                  actor: loginOf(head.author) ?? head.commit.author?.name ?? null,
                  title: firstLine(head.commit.message) || `Pushed to ${branch}`,
                  url: head.html_url,
                  headSha: head.sha,
                  // How many commits the push that brought it had is not known here.
                  commitCount: null,
                  state: 'pushed',
                },
              ]
            : [],
        );
      }
    }

    used.add('pulls');
    const pulls = await conditional(
      state,
      'pulls',
      `GitHub did not list the pull requests of ${row.full_name}`,
      (headers) =>
        github.rest.pulls.list({
          owner,
          repo: name,
          state: 'all',
          sort: 'updated',
          direction: 'desc',
          per_page: RECENT_PULLS,
          headers,
        }),
    );
    if (pulls)
      await record(
        pulls.map((pr): NewRepositoryEvent => {
          const prState = pr.merged_at ? 'merged' : pr.state;
          const at = isoTime(pr.merged_at ?? pr.closed_at ?? pr.updated_at, now);
          return {
            kind: 'pull_request',
            subject: String(pr.number),
            key: `${pr.number}:${prState}:${at}`,
            occurredAt: at,
            actor: loginOf(pr.user),
            title: pr.title,
            url: pr.html_url,
            headSha: pr.head.sha,
            commitCount: null,
            state: prState,
          };
        }),
      );

    const headSha = state.headSha;
    if (headSha) {
      const key = `checks:${headSha}`;
      used.add(key);
      const checks = await conditional(
        state,
        key,
        `GitHub did not list the checks of ${row.full_name}`,
        (headers) =>
          github.rest.checks.listForRef({
            owner,
            repo: name,
            ref: headSha,
            per_page: 100,
            headers,
          }),
      );
      if (checks)
        await record(
          checks.check_runs.map((run): NewRepositoryEvent => {
            const runState = checkState(run.status, run.conclusion);
            const at = isoTime(run.completed_at ?? run.started_at, now);
            const subject = `run:${run.id}`;
            return {
              kind: 'check',
              subject,
              key: `${subject}:${runState}:${at}`,
              occurredAt: at,
              actor: run.app?.slug ?? null,
              title: run.name,
              url: run.html_url ?? null,
              headSha: run.head_sha,
              commitCount: null,
              state: runState,
            };
          }),
        );
    }

    const etags = Object.fromEntries(Object.entries(state.etags).filter(([key]) => used.has(key)));
    const summary =
      state.added === 0
        ? `nothing new in ${row.full_name}`
        : `${state.added} event(s) recorded from ${row.full_name}`;
    if (state.added > 0)
      // The cards of the learners whose work it is change on every open board.
      await transaction(async (trx) =>
        recordBoardChanges(
          trx,
          (await repo.learnersOfRepositories(trx, [row.id])).get(row.id) ?? [],
          {
            kind: 'activity',
            summary: `history of ${row.full_name} read`,
            actorId: null,
          },
        ),
      );
    return {
      summary,
      repositoryId: row.id,
      etags,
      branch: state.branch,
      headSha: state.headSha,
      added: state.added,
    };
  },
});
