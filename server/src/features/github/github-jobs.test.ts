import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addCoach,
  assignProject,
  createAssessment,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
} from '../../../test/factories.ts';
import { FakeGithub, type FakeRepository } from '../../../test/fake-github.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { queueBackfill } from './backfill.step.ts';
import { queueTemplateRepository } from './template-repository.step.ts';

let ctx: TestContext;
let github: FakeGithub;
let staff: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  github = await new FakeGithub().start();
  ctx = await createTestContext({ github: { apiUrl: github.url, token: 'server-token' } });
  staff = await createStaff(ctx.db);
});
afterAll(async () => {
  await ctx.close();
  await github.stop();
});

/** A learner (with `login`) in a cohort whose GitHub organisation is `org`, on a first project. */
async function learnerOn(c: TestContext, login: string, org: string) {
  const cohort = await createCohort(c.db);
  await c.db
    .insertInto('cohort_info')
    .values({ cohort_id: cohort.id, student_organization_url: `https://github.com/${org}` })
    .execute();
  const course = await createCourse(c.db, { books: 1, projectsPerBook: 2 });
  const learner = await createLearner(c.db, { githubLogin: login });
  await enrol(c.db, cohort.id, learner.id);
  await assignProject(c.db, learner.id, course.books[0]!.projects[0]!.id);
  return { cohort, course, learner };
}

const history = (id: number): FakeRepository => ({
  id,
  default_branch: 'main',
  commits: [
    {
      sha: 'c2',
      message: 'Add petals\n\nAll of them.',
      date: '2026-03-02T10:00:00Z',
      login: 'ada',
    },
    { sha: 'c1', message: 'Start', date: '2026-03-01T09:00:00Z', login: 'ada' },
  ],
  pulls: [
    {
      number: 1,
      title: 'Petals',
      state: 'open',
      updated_at: '2026-03-02T11:00:00Z',
      head_sha: 'c2',
    },
    {
      number: 2,
      title: 'Stem',
      state: 'closed',
      updated_at: '2026-03-01T12:00:00Z',
      closed_at: '2026-03-01T12:00:00Z',
      merged_at: '2026-03-01T12:00:00Z',
      head_sha: 'c0',
    },
  ],
  checkRuns: {
    c2: [
      {
        id: 11,
        name: 'test',
        status: 'completed',
        conclusion: 'success',
        started_at: '2026-03-02T10:01:00Z',
        completed_at: '2026-03-02T10:03:00Z',
      },
      {
        id: 12,
        name: 'lint',
        status: 'in_progress',
        conclusion: null,
        started_at: '2026-03-02T10:01:00Z',
        completed_at: null,
      },
    ],
  },
});

const eventKeys = async (c: TestContext, fullName: string) =>
  (
    await c.db
      .selectFrom('repository_events as e')
      .innerJoin('repositories as r', 'r.id', 'e.repository_id')
      .select(['e.kind', 'e.key'])
      .where('r.full_name', '=', fullName)
      .orderBy('e.kind')
      .orderBy('e.key')
      .execute()
  ).map((row) => `${row.kind} ${row.key}`);

/**
 * The latest job of `kind` for the learner, once it has ended. Read from the table: GET /jobs/{id}
 * answers only the kinds the contract's JobKind names.
 */
async function endedJob(c: TestContext, kind: string, learnerId: number) {
  return vi.waitFor(
    async () => {
      const job = await c.db
        .selectFrom('jobs')
        .select(['id', 'status'])
        .where('kind', '=', kind)
        .where('learner_id', '=', learnerId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(['done', 'failed']).toContain(job.status);
      return job;
    },
    { timeout: 30_000, interval: 20 },
  );
}

const stepsOf = (c: TestContext, jobId: number) =>
  c.db
    .selectFrom('job_steps')
    .select(['kind', 'label', 'status', 'attempts', 'failures', 'result', 'error'])
    .where('job_id', '=', jobId)
    .orderBy('position')
    .execute();

const link = (c: TestContext, learnerId: number, url: string) =>
  c.request({
    method: 'POST',
    url: `/api/students/${learnerId}/repositories`,
    token: staff.token,
    payload: { url },
  });

async function cardOf(c: TestContext, cohortId: number, learnerId: number, token: string) {
  const board = await c.request({ method: 'GET', url: `/api/students?cohort=${cohortId}`, token });
  expect(board.statusCode).toBe(200);
  return (board.json() as { id: number; activity: unknown }[]).find(
    (card) => card.id === learnerId,
  );
}

describe('backfill of a linked repository', () => {
  it('records the head commit, pull requests and checks, then asks with If-None-Match', async () => {
    const { learner } = await learnerOn(ctx, 'ada', 'flower-school');
    github.details.set('ada/flowers', history(701));
    expect((await link(ctx, learner.id, 'https://github.com/ada/flowers')).statusCode).toBe(201);
    const job = await endedJob(ctx, 'github-backfill', learner.id);
    expect(job.status).toBe('done');

    expect(await eventKeys(ctx, 'ada/flowers')).toEqual([
      'check run:11:success:2026-03-02T10:03:00.000Z',
      'check run:12:in_progress:2026-03-02T10:01:00.000Z',
      'pull_request 1:open:2026-03-02T11:00:00.000Z',
      'pull_request 2:merged:2026-03-01T12:00:00.000Z',
      'push main:c2',
    ]);
    const push = await ctx.db
      .selectFrom('repository_events')
      .selectAll()
      .where('kind', '=', 'push')
      .where('key', '=', 'main:c2')
      .executeTakeFirstOrThrow();
    expect(push).toMatchObject({
      subject: 'main',
      title: 'Add petals',
      head_sha: 'c2',
      commit_count: null,
      actor: 'ada',
    });
    expect(push.occurred_at.toISOString()).toBe('2026-03-02T10:00:00.000Z');
    const stored = await ctx.db
      .selectFrom('repositories')
      .selectAll()
      .where('full_name', '=', 'ada/flowers')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ github_id: 701, default_branch: 'main' });
    // Open boards hear of the learner's new activity.
    const changes = await ctx.db
      .selectFrom('board_changes')
      .select('kind')
      .where('student_id', '=', learner.id)
      .where('kind', '=', 'activity')
      .execute();
    expect(changes.length).toBeGreaterThan(0);

    // Again: every call names the ETag it got, GitHub answers 304 and nothing is added.
    const before = github.requests.length;
    await ctx.db.transaction().execute((trx) =>
      queueBackfill(ctx.app, trx, {
        repositoryId: stored.id,
        fullName: stored.full_name,
        learnerId: learner.id,
        cohortId: null,
        createdBy: staff.id,
      }),
    );
    const again = await endedJob(ctx, 'github-backfill', learner.id);
    expect(again.status).toBe('done');
    const asked = github.requests.slice(before);
    expect(asked.map((request) => request.path.split('?')[0])).toEqual([
      '/repos/ada/flowers',
      '/repos/ada/flowers/commits',
      '/repos/ada/flowers/pulls',
      '/repos/ada/flowers/commits/c2/check-runs',
    ]);
    expect(asked.every((request) => request.ifNoneMatch?.startsWith('"'))).toBe(true);
    const [step] = await stepsOf(ctx, again.id);
    expect(step?.result).toMatchObject({ summary: 'nothing new in ada/flowers', added: 0 });
    expect(await eventKeys(ctx, 'ada/flowers')).toHaveLength(5);

    // A new commit: only what changed is read anew and recorded.
    github.details
      .get('ada/flowers')
      ?.commits.unshift({ sha: 'c3', message: 'Leaves', date: '2026-03-03T08:00:00Z' });
    await ctx.db.transaction().execute((trx) =>
      queueBackfill(ctx.app, trx, {
        repositoryId: stored.id,
        fullName: stored.full_name,
        learnerId: learner.id,
        cohortId: null,
        createdBy: staff.id,
      }),
    );
    await endedJob(ctx, 'github-backfill', learner.id);
    expect(await eventKeys(ctx, 'ada/flowers')).toContain('push main:c3');
  });

  it('waits out a spent quota and a secondary rate limit, then reads the history', async () => {
    const { learner } = await learnerOn(ctx, 'cal', 'rate-school');
    github.details.set('cal/garden', history(702));
    github.nextAnswers.push(
      {
        status: 403,
        headers: {
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 60),
        },
        body: { message: 'API rate limit exceeded' },
      },
      { status: 429, headers: { 'retry-after': '30' }, body: { message: 'Secondary rate limit' } },
    );
    expect((await link(ctx, learner.id, 'https://github.com/cal/garden')).statusCode).toBe(201);
    const job = await endedJob(ctx, 'github-backfill', learner.id);
    expect(job.status).toBe('done');
    const [step] = await stepsOf(ctx, job.id);
    // Claimed three times; the two waits are not failures.
    expect(step).toMatchObject({ status: 'done', attempts: 3, failures: 0 });
    expect(await eventKeys(ctx, 'cal/garden')).toHaveLength(5);
  });
});

describe('a repository from the project template on a move', () => {
  it('creates it once, adds the learner, links it and shows it on the card', async () => {
    const { cohort, course, learner } = await learnerOn(ctx, 'bea', 'bloom-org');
    const flowers = course.books[0]!.projects[1]!;
    await ctx.db
      .updateTable('projects')
      .set({ name: 'Flowers', client_template_url: 'https://github.com/templates/flowers' })
      .where('id', '=', flowers.id)
      .execute();
    github.details.set('templates/flowers', {
      ...history(703),
      commits: [{ sha: 't1', message: 'Template', date: '2026-02-01T09:00:00Z' }],
    });

    const moved = await ctx.request({
      method: 'POST',
      url: `/api/students/${learner.id}/project`,
      token: staff.token,
      payload: { projectId: flowers.id },
    });
    expect(moved.statusCode).toBe(201);
    const job = await endedJob(ctx, 'template-repository', learner.id);
    expect(job.status).toBe('done');
    const steps = await stepsOf(ctx, job.id);
    expect(steps.map((step) => [step.label, step.status])).toEqual([
      ['Repository flowers-bea from the Flowers template', 'done'],
      ['Recent GitHub activity of bloom-org/flowers-bea', 'done'],
    ]);
    expect(github.repositories.has('bloom-org/flowers-bea')).toBe(true);
    expect(github.collaborators.get('bloom-org/flowers-bea')?.has('bea')).toBe(true);
    const links = await ctx.db
      .selectFrom('repository_links')
      .selectAll()
      .where('learner_id', '=', learner.id)
      .execute();
    expect(links).toMatchObject([{ project_id: flowers.id, source: 'template' }]);
    expect(await cardOf(ctx, cohort.id, learner.id, staff.token)).toMatchObject({
      activity: {
        repository: {
          full_name: 'bloom-org/flowers-bea',
          url: 'https://github.com/bloom-org/flowers-bea',
        },
        last_push_at: '2026-02-01T09:00:00.000Z',
      },
    });

    // The same job again (a retry, a move undone and made again): GitHub is not asked twice.
    await ctx.db.transaction().execute((trx) =>
      queueTemplateRepository(ctx.app, trx, {
        learnerId: learner.id,
        projectId: flowers.id,
        actorId: staff.id,
      }),
    );
    expect((await endedJob(ctx, 'template-repository', learner.id)).status).toBe('done');
    const generated = github.requests.filter(
      (request) =>
        request.method === 'POST' && request.path === '/repos/templates/flowers/generate',
    );
    expect(generated).toHaveLength(1);
    const linksAfter = await ctx.db
      .selectFrom('repository_links')
      .select('id')
      .where('learner_id', '=', learner.id)
      .execute();
    expect(linksAfter).toHaveLength(1);
  });
});

/** A job, by id, once it has ended (read from the table, as `endedJob`). */
const jobById = (c: TestContext, id: number) =>
  vi.waitFor(
    async () => {
      const job = await c.db
        .selectFrom('jobs')
        .select(['id', 'status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(['done', 'failed']).toContain(job.status);
      return job;
    },
    { timeout: 30_000, interval: 20 },
  );

const linksOf = (c: TestContext, learnerId: number) =>
  c.db
    .selectFrom('repository_links as rl')
    .innerJoin('repositories as r', 'r.id', 'rl.repository_id')
    .select(['r.full_name', 'rl.project_id', 'rl.source'])
    .where('rl.learner_id', '=', learnerId)
    .orderBy('r.full_name')
    .execute();

describe('repositories the product makes are linked', () => {
  it("links a self-assessment repository to its learner's current project", async () => {
    const { course, learner } = await learnerOn(ctx, 'eve', 'assess-org');
    await createAssessment(ctx.db, course.books[0]!.id, {
      name: 'Checkpoint',
      sourceUrl: 'https://github.com/templates/checkpoint',
    });
    const started = await ctx.request({
      method: 'POST',
      url: `/api/students/${learner.id}/assess`,
      token: staff.token,
      payload: { bookId: course.books[0]!.id },
    });
    expect(started.statusCode).toBe(201);
    expect((await jobById(ctx, started.json().job_id)).status).toBe('done');
    expect(await linksOf(ctx, learner.id)).toEqual([
      {
        full_name: 'assess-org/Checkpoint-eve',
        project_id: course.books[0]!.projects[0]!.id,
        source: 'assessment',
      },
    ]);
  });

  it("links a team's repositories to each learner of the team, not to its coach", async () => {
    const { cohort, course, learner } = await learnerOn(ctx, 'fay', 'team-org');
    const mate = await createLearner(ctx.db, { githubLogin: 'gus' });
    await enrol(ctx.db, cohort.id, mate.id);
    await addCoach(ctx.db, cohort.id, staff.id);
    const project = course.books[0]!.projects[1]!;
    await ctx.db
      .updateTable('projects')
      .set({
        name: 'Hive',
        is_group_project: true,
        client_template_url: 'https://github.com/templates/hive-client',
      })
      .where('id', '=', project.id)
      .execute();
    // The template's tickets are copied too: it has none.
    github.issues.set('templates/hive-client', []);
    const saved = await ctx.request({
      method: 'POST',
      url: '/api/teams',
      token: staff.token,
      payload: {
        cohort: cohort.id,
        students: [learner.id, mate.id, staff.id],
        weeklyPrefix: 'sprint',
        teamIndex: 1,
        groupProject: project.id,
      },
    });
    expect(saved.statusCode).toBe(201);
    expect((await jobById(ctx, saved.json().job_id)).status).toBe('done');
    for (const id of [learner.id, mate.id])
      expect(await linksOf(ctx, id)).toEqual([
        {
          full_name: expect.stringMatching(/^team-org\/Hive-client-[a-z]{6}$/),
          project_id: project.id,
          source: 'team',
        },
      ]);
    expect(await linksOf(ctx, staff.id)).toEqual([]);
  });
});

describe('without a GitHub token', () => {
  let bare: TestContext;
  let coach: Awaited<ReturnType<typeof createStaff>>;
  beforeAll(async () => {
    bare = await createTestContext({ github: { apiUrl: github.url, token: null } });
    coach = await createStaff(bare.db);
  });
  afterAll(() => bare.close());

  it('moves the learner and links repositories without queueing anything', async () => {
    const { cohort, course, learner } = await learnerOn(bare, 'dee', 'quiet-org');
    const next = course.books[0]!.projects[1]!;
    await bare.db
      .updateTable('projects')
      .set({ client_template_url: 'https://github.com/templates/quiet' })
      .where('id', '=', next.id)
      .execute();
    const moved = await bare.request({
      method: 'POST',
      url: `/api/students/${learner.id}/project`,
      token: coach.token,
      payload: { projectId: next.id },
    });
    expect(moved.statusCode).toBe(201);
    expect((await cardOf(bare, cohort.id, learner.id, coach.token))?.activity).toBeNull();
    const linked = await bare.request({
      method: 'POST',
      url: `/api/students/${learner.id}/repositories`,
      token: coach.token,
      payload: { url: 'https://github.com/dee/quiet' },
    });
    expect(linked.statusCode).toBe(201);
    const jobs = await bare.db.selectFrom('jobs').select('kind').execute();
    expect(jobs).toEqual([]);
  });
});
