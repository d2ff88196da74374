import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { createStaff } from '../../../test/factories.ts';
import { seededRandom } from '../../../test/fake-chaos.ts';
import { FakeGithub } from '../../../test/fake-github.ts';
import { FakeSlack } from '../../../test/fake-slack.ts';
import { createTestContext, quickJobs, type TestContext } from '../../../test/harness.ts';
import { injected, jobEnded } from '../../../test/jobs.ts';
import {
  createTeamWorld,
  giveTemplateTickets,
  repositoriesIn,
  TICKETS,
} from '../../../test/team-world.ts';
import { GithubError } from '../../integrations/github.ts';
import { enqueue } from '../../jobs/queue.ts';
import { type PlannedStep, retryDelay, StepFailure } from '../../jobs/steps.ts';

let ctx: TestContext;
let slack: FakeSlack;
let github: FakeGithub;
beforeAll(async () => {
  slack = await new FakeSlack().start();
  github = await new FakeGithub().start();
  giveTemplateTickets(github);
  ctx = await createTestContext({
    slack: { apiUrl: slack.url, token: 'xoxb-test' },
    github: { apiUrl: github.url, token: 'server-token' },
    jobs: { maxAttempts: 12 },
  });
});
afterAll(async () => {
  await ctx.close();
  await slack.stop();
  await github.stop();
});
beforeEach(() => {
  slack.chaos = null;
  github.chaos = null;
  github.failRepositories = false;
  github.failGenerates = 0;
  slack.outage = null;
  slack.failPosts = 0;
});

/** The messages posted in the channels of the cohort's teams. */
async function teamMessages(cohortId: number) {
  const channels = new Set((await savedTeams(cohortId)).map((team) => team.slack_channel));
  return slack.messages.filter((message) => channels.has(message.channel));
}

async function saveTeams(org: string, teams: number) {
  const world = await createTeamWorld(ctx.db, { teams, perTeam: 2, org });
  const response = await ctx.request({
    method: 'POST',
    url: '/api/teams/batch',
    token: world.coach.token,
    payload: world.body,
  });
  expect(response.statusCode).toBe(201);
  const body = response.json();
  return { ...world, jobId: body.job_id as number, get: injected(ctx.request, world.coach.token) };
}

/** What the database says each of the cohort's teams has: channel and repositories. */
async function savedTeams(cohortId: number) {
  return ctx.db
    .selectFrom('teams')
    .select((eb) => [
      'group_name',
      'slack_channel',
      eb
        .selectFrom('group_project_repositories')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('team_id', '=', 'teams.id')
        .as('repositories'),
    ])
    .where('cohort_id', '=', cohortId)
    .orderBy('group_name')
    .execute();
}

describe('the team job against a slow, rate-limiting, failing GitHub and Slack', () => {
  it('answers at once, then every team ends with one channel, one repository and each ticket once', async () => {
    const random = seededRandom(15);
    const chaos = { delayMs: 5, failRate: 0.08, rateLimitRate: 0.08, lostAnswerRate: 0.06, random };
    slack.chaos = chaos;
    github.chaos = chaos;
    const { cohort, jobId, get } = await saveTeams('chaos-org', 8);
    const job = await jobEnded(get, jobId);
    expect(job.status).toBe('done');
    expect(job.steps).toHaveLength(32);
    expect(job.steps.some((step) => step.attempts > 1)).toBe(true);

    const teams = await savedTeams(cohort.id);
    expect(teams).toHaveLength(8);
    for (const team of teams) {
      expect(team.slack_channel).toMatch(/^CT\d+$/);
      expect(team.repositories).toBe(1);
    }
    const channels = new Set(teams.map((team) => team.slack_channel));
    expect(channels.size).toBe(8);
    const named = slack.channels.filter((channel) => channels.has(channel.id));
    expect(slack.channels.filter((c) => c.name.startsWith('sprint-')).length).toBe(named.length);
    const repositories = repositoriesIn(github, 'chaos-org');
    expect(repositories).toHaveLength(8);
    for (const repository of repositories)
      expect(github.issues.get(repository)?.map((issue) => issue.title)).toEqual(TICKETS);
    // Each repository was announced once in its team's channel.
    const announced = slack.messages.filter((message) => channels.has(message.channel));
    expect(announced).toHaveLength(8);
  });
});

describe('retries', () => {
  it("waits out GitHub's spent quota and Slack's 429, then goes on", async () => {
    const reset = String(Math.ceil(Date.now() / 1000) + 3600);
    slack.nextAnswers.push({ status: 429, headers: { 'retry-after': '30' } });
    github.nextAnswers.push({
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
      body: { message: 'API rate limit exceeded' },
    });
    const { jobId, get } = await saveTeams('limited-org', 1);
    const job = await jobEnded(get, jobId);
    expect(job.status).toBe('done');
    expect(job.steps.map((step) => [step.label, step.attempts])).toEqual([
      ['Team 1 Slack channel', 2],
      ['Team 1 client-side repository', 2],
      [expect.stringMatching(/^Team 1 tickets into limited-org\//), 1],
      ['Team 1 client-side repository in Slack', 1],
    ]);
  });

  it("gives up after the limit with GitHub's message, and a retry finishes the job once", async () => {
    github.failRepositories = true;
    const { cohort, coach, jobId, get } = await saveTeams('broken-org', 1);
    const failed = await jobEnded(get, jobId);
    expect(failed.status).toBe('failed');
    const step = failed.steps.find((each) => each.label === 'Team 1 client-side repository');
    expect(step).toMatchObject({ status: 'failed', attempts: 12 });
    expect(step?.error).toMatch(
      /^GitHub could not create the repository broken-org\/Rare-client-[a-z]{6} \(500: Server Error\)$/,
    );
    // The tickets had nowhere to go.
    expect(failed.steps.at(-1)?.status).toBe('failed');

    github.failRepositories = false;
    const retry = await ctx.request({
      method: 'POST',
      url: `/api/jobs/${jobId}/retry`,
      token: coach.token,
      payload: {},
    });
    expect(retry.statusCode).toBe(200);
    const done = await jobEnded(get, jobId);
    expect(done.status).toBe('done');
    expect(repositoriesIn(github, 'broken-org')).toHaveLength(1);
    expect((await savedTeams(cohort.id))[0]?.repositories).toBe(1);
    const again = await ctx.request({
      method: 'POST',
      url: `/api/jobs/${jobId}/retry`,
      token: coach.token,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The job has no failed step');
  });

  it('waits out more rate limits in a row than a step has attempts', async () => {
    for (let i = 0; i < 14; i += 1)
      slack.nextAnswers.push({ status: 429, headers: { 'retry-after': '30' } });
    const { cohort, jobId, get } = await saveTeams('patient-org', 1);
    const job = await jobEnded(get, jobId);
    expect(job.status).toBe('done');
    const channel = job.steps.find((step) => step.label === 'Team 1 Slack channel');
    expect(channel?.attempts).toBe(15);
    expect((await savedTeams(cohort.id))[0]?.slack_channel).toMatch(/^CT\d+$/);
    expect(await teamMessages(cohort.id)).toHaveLength(1);
  });

  it("gives the repository's announcement attempts of its own once the repository is made", async () => {
    // GitHub fails all but the last attempt the repository has (each asks twice); Slack then fails
    // the announcement once.
    github.failGenerates = 22;
    slack.failPosts = 1;
    const { cohort, jobId, get } = await saveTeams('budget-org', 1);
    const job = await jobEnded(get, jobId);
    expect(job.steps.filter((step) => step.status !== 'done')).toEqual([]);
    expect(job.status).toBe('done');
    expect(repositoriesIn(github, 'budget-org')).toHaveLength(1);
    expect((await savedTeams(cohort.id))[0]?.repositories).toBe(1);
    expect(await teamMessages(cohort.id)).toHaveLength(1);
  });

  it('makes the repositories and their tickets while Slack is rate-limiting everything', async () => {
    slack.outage = { status: 429, headers: { 'retry-after': '30' } };
    const { cohort, jobId, get } = await saveTeams('steady-org', 2);
    await eventually(() => {
      const repositories = repositoriesIn(github, 'steady-org');
      expect(repositories).toHaveLength(2);
      for (const repository of repositories)
        expect(github.issues.get(repository)?.map((issue) => issue.title)).toEqual(TICKETS);
    });
    expect((await savedTeams(cohort.id)).map((team) => team.slack_channel)).toEqual(['', '']);
    slack.outage = null;
    const job = await jobEnded(get, jobId);
    expect(job.status).toBe('done');
    expect(await teamMessages(cohort.id)).toHaveLength(2);
  });

  it('backs off on server errors, waits what a rate limit names, gives up on a refusal', () => {
    const settings = { ...quickJobs, backoffMs: 100, maxWaitMs: 1_000, maxAttempts: 5 };
    const outage = new GithubError('Bad Gateway', 502);
    expect([1, 2, 3].map((attempt) => retryDelay(outage, attempt, settings))).toEqual([
      100, 200, 400,
    ]);
    expect(retryDelay(outage, 5, settings)).toBeNull();
    expect(retryDelay(new TypeError('fetch failed'), 4, settings)).toBe(800);
    expect(retryDelay(new GithubError('limit', 429, 700), 1, settings)).toBe(700);
    // A rate limit is a wait, however many attempts failed before it.
    expect(retryDelay(new GithubError('limit', 429, 700), 5, settings)).toBe(700);
    expect(retryDelay(new GithubError('limit', 403, 60_000), 1, settings)).toBe(1_000);
    expect(retryDelay(new GithubError('Not Found', 404), 1, settings)).toBeNull();
    expect(retryDelay(new StepFailure('gone'), 1, settings)).toBeNull();
  });
});

describe('queueing', () => {
  it('commits a job together with its steps, even when the caller has no transaction', async () => {
    const jobs = async () =>
      Number(
        (
          await ctx.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await jobs();
    // A step the database refuses (no label): the job must not be left without its steps.
    const refused = { kind: 'no-such-step', phase: 'Nothing', label: null, input: {} };
    await expect(
      enqueue(ctx.db, {
        kind: 'slack-messages',
        cohortId: null,
        createdBy: null,
        steps: [refused as unknown as PlannedStep],
      }),
    ).rejects.toThrow();
    expect(await jobs()).toBe(before);

    const jobId = await enqueue(ctx.db, {
      kind: 'slack-messages',
      cohortId: null,
      createdBy: null,
      steps: [{ kind: 'no-such-step', phase: 'Nothing', label: 'nothing', input: {} }],
    });
    const step = await eventually(async () => {
      const row = await ctx.db
        .selectFrom('job_steps')
        .select(['status', 'error'])
        .where('job_id', '=', jobId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
      return row;
    });
    expect(step.error).toContain("No step of kind 'no-such-step'");
  });
});

describe('a job waiting out an outage', () => {
  it('says when it is tried again, beside the error of the step that waits', async () => {
    const staff = await createStaff(ctx.db);
    // Queued as the worker leaves it after a failed attempt: due in an hour, the error kept.
    const jobId = await ctx.db.transaction().execute(async (trx) => {
      const id = await enqueue(trx, {
        kind: 'slack-messages',
        cohortId: null,
        createdBy: null,
        steps: [{ kind: 'slack-message', phase: 'Sending', label: 'Message to Ada', input: {} }],
      });
      await trx
        .updateTable('job_steps')
        .set({
          attempts: 1,
          error: 'Slack failed on its side (fatal_error)',
          run_at: sql<Date>`now() + interval '1 hour'`,
        })
        .where('job_id', '=', id)
        .execute();
      return id;
    });
    const response = await ctx.request({
      method: 'GET',
      url: `/api/jobs/${jobId}`,
      token: staff.token,
    });
    const job = response.json();
    expect(job).toMatchObject({
      steps: [{ status: 'pending', error: 'Slack failed on its side (fatal_error)' }],
    });
    const inAnHour = Date.parse(job.next_attempt_at) - Date.now();
    expect(inAnHour).toBeGreaterThan(50 * 60_000);
    expect(inAnHour).toBeLessThanOrEqual(3_600_000);
  });
});
