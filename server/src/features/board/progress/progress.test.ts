import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../../test/eventually.ts';
import {
  assignProject,
  createAssessment,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
  recordObjective,
  startAssessment,
} from '../../../../test/factories.ts';
import { FakeGithub } from '../../../../test/fake-github.ts';
import { FakeSlack } from '../../../../test/fake-slack.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { injected, jobEnded } from '../../../../test/jobs.ts';

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db, { firstName: 'Sue', lastName: 'Staff' });
});
afterAll(() => ctx.close());

async function learnerInCohort(c: TestContext, options: { org?: string; slack?: string } = {}) {
  const cohort = await createCohort(c.db);
  if (options.org) {
    await c.db
      .insertInto('cohort_info')
      .values({
        cohort_id: cohort.id,
        student_organization_url: `https://github.com/${options.org}`,
      })
      .execute();
  }
  const course = await createCourse(c.db, { books: 2, projectsPerBook: 2 });
  const learner = await createLearner(c.db, {
    firstName: 'Lee',
    lastName: 'Learner',
    githubLogin: 'leel',
  });
  if (options.slack) {
    await c.db
      .updateTable('people')
      .set({ slack_handle: options.slack })
      .where('id', '=', learner.id)
      .execute();
  }
  await enrol(c.db, cohort.id, learner.id);
  await assignProject(c.db, learner.id, course.books[0]!.projects[0]!.id);
  const assessment = await createAssessment(c.db, course.books[0]!.id, {
    name: 'Self Assessment One',
    sourceUrl: 'https://github.com/templates/self-one',
    weights: [10, 20],
  });
  return { cohort, course, learner, assessment };
}

const count = async (c: TestContext, table: 'student_projects' | 'student_assessments') =>
  Number(
    (
      await c.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /students/{id}/project', () => {
  it('moves a learner for any staff member and refuses a project they had before', async () => {
    const { learner, course } = await learnerInCohort(ctx);
    const next = course.books[0]!.projects[1]!.id;
    const moved = await ctx.request({
      method: 'POST',
      url: `/api/students/${learner.id}/project`,
      token: staff.token,
      payload: { projectId: next },
    });
    expect(moved.statusCode).toBe(201);
    expect(moved.json()).toEqual({ message: 'Success' });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'learner')
      .where('entity_id', '=', String(learner.id))
      .where('action', '=', 'move')
      .where('actor_id', '=', staff.id)
      .execute();
    expect(audit).toHaveLength(1);

    const back = await ctx.request({
      method: 'POST',
      url: `/api/students/${learner.id}/project`,
      token: staff.token,
      payload: { projectId: course.books[0]!.projects[0]!.id },
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toContain('duplicate');
  });

  it('refuses learners and anonymous callers, and answers 404 and 400 without writing', async () => {
    const { learner, course } = await learnerInCohort(ctx);
    const projectId = course.books[1]!.projects[0]!.id;
    const before = await count(ctx, 'student_projects');
    const call = (id: number, payload: unknown, token?: string) =>
      ctx.request({
        method: 'POST',
        url: `/api/students/${id}/project`,
        token,
        payload: payload as object,
      });
    expect((await call(learner.id, { projectId }, learner.token)).statusCode).toBe(403);
    expect((await call(learner.id, { projectId })).statusCode).toBe(401);
    const unknown = await call(999999, { projectId }, staff.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Student not found.');
    expect((await call(staff.id, { projectId }, staff.token)).statusCode).toBe(404);
    const noProject = await call(learner.id, { projectId: 999999 }, staff.token);
    expect(noProject.json().message).toBe('Project not found.');
    const missing = await call(learner.id, {}, staff.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('body.projectId is required');
    expect(await count(ctx, 'student_projects')).toBe(before);
  });
});

describe('POST /students/{id}/assess without GitHub', () => {
  it('lets the learner start their own, says no repository was made, and answers 409 with a Location', async () => {
    const { learner, course, assessment } = await learnerInCohort(ctx);
    const start = () =>
      ctx.request({
        method: 'POST',
        url: `/api/students/${learner.id}/assess`,
        token: learner.token,
        payload: { bookId: course.books[0]!.id },
      });
    const first = await start();
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      message: 'Self-assessment started. No repository was created: GitHub is not configured.',
      id: expect.any(Number),
      url: '',
      job_id: null,
      link_in_slack: false,
    });
    const row = await ctx.db
      .selectFrom('student_assessments')
      .selectAll()
      .where('id', '=', first.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      student_id: learner.id,
      assessment_id: assessment.id,
      status_id: 1,
      instructor_id: null,
    });

    const again = await start();
    expect(again.statusCode).toBe(409);
    expect(again.headers.location).toBe(`/api/assessments/${row.id}`);
    expect(again.json().message).toBe(
      'Conflict: Lee Learner is already assigned to the Self Assessment One assessment',
    );
  });

  it('lets staff start one for a learner (the drop on the assessment column)', async () => {
    const { learner, course } = await learnerInCohort(ctx);
    const response = await ctx.request({
      method: 'POST',
      url: `/api/students/${learner.id}/assess`,
      token: staff.token,
      payload: { bookId: course.books[0]!.id },
    });
    expect(response.statusCode).toBe(201);
    const row = await ctx.db
      .selectFrom('student_assessments')
      .select('instructor_id')
      .where('id', '=', response.json().id)
      .executeTakeFirstOrThrow();
    expect(row.instructor_id).toBe(staff.id);
  });

  it('refuses other learners and answers 404 and 400 without writing', async () => {
    const { learner, course } = await learnerInCohort(ctx);
    const other = await createLearner(ctx.db);
    const before = await count(ctx, 'student_assessments');
    const call = (id: number, payload: unknown, token?: string) =>
      ctx.request({
        method: 'POST',
        url: `/api/students/${id}/assess`,
        token,
        payload: payload as object,
      });
    expect((await call(learner.id, { bookId: course.books[0]!.id }, other.token)).statusCode).toBe(
      403,
    );
    expect((await call(learner.id, { bookId: course.books[0]!.id })).statusCode).toBe(401);
    const noAssessment = await call(learner.id, { bookId: course.books[1]!.id }, staff.token);
    expect(noAssessment.statusCode).toBe(404);
    expect(noAssessment.json().message).toBe('There is no assessment for this book.');
    expect((await call(999999, { bookId: course.books[0]!.id }, staff.token)).statusCode).toBe(404);
    const missing = await call(learner.id, {}, staff.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('body.bookId is required');
    expect(await count(ctx, 'student_assessments')).toBe(before);
  });
});

describe('POST /students/{id}/assess: only the current book for a learner', () => {
  it("refuses a learner another book's self-assessment, and one without a project, saying why", async () => {
    const { learner, course } = await learnerInCohort(ctx);
    await createAssessment(ctx.db, course.books[1]!.id, { name: 'Later Assessment' });
    const start = (bookId: number, token: string) =>
      ctx.request({
        method: 'POST',
        url: `/api/students/${learner.id}/assess`,
        token,
        payload: { bookId },
      });
    const before = await count(ctx, 'student_assessments');
    const other = await start(course.books[1]!.id, learner.token);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(
      'You can only start the self-assessment of the book of your current project (Book 1).',
    );
    expect(await count(ctx, 'student_assessments')).toBe(before);

    const newcomer = await createLearner(ctx.db);
    const none = await ctx.request({
      method: 'POST',
      url: `/api/students/${newcomer.id}/assess`,
      token: newcomer.token,
      payload: { bookId: course.books[0]!.id },
    });
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe(
      'You can start a self-assessment once you have a current project: its book decides which one.',
    );

    // Staff keep the board's drop on the assessment column for any book.
    expect((await start(course.books[1]!.id, staff.token)).statusCode).toBe(201);
    expect((await start(course.books[0]!.id, learner.token)).statusCode).toBe(201);
  });
});

describe('PUT /students/{id}/assess', () => {
  const put = (id: number, payload: unknown, token?: string) =>
    ctx.request({
      method: 'PUT',
      url: `/api/students/${id}/assess`,
      token,
      payload: payload as object,
    });

  it('lets a learner submit their own for review, and nothing else', async () => {
    const { learner, assessment } = await learnerInCohort(ctx);
    const row = await startAssessment(ctx.db, learner.id, assessment.id, 1, '2020-01-01T00:00:00Z');
    for (const statusId of [1, 3, 4]) {
      expect((await put(learner.id, { statusId }, learner.token)).statusCode).toBe(403);
    }
    const other = await createLearner(ctx.db);
    expect((await put(learner.id, { statusId: 2 }, other.token)).statusCode).toBe(403);
    expect((await put(learner.id, { statusId: 2 })).statusCode).toBe(401);

    expect((await put(learner.id, { statusId: 2 }, learner.token)).statusCode).toBe(204);
    const after = await ctx.db
      .selectFrom('student_assessments')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after.status_id).toBe(2);
    expect(after.status_changed_at.getTime()).toBeGreaterThan(Date.parse('2021-01-01'));
  });

  it("marks every objective achieved on 'Reviewed and Complete', flipping unachieved records", async () => {
    const { learner, assessment } = await learnerInCohort(ctx);
    await startAssessment(ctx.db, learner.id, assessment.id, 2);
    const [first, second] = [assessment.objectives[0]!, assessment.objectives[1]!];
    const existing = await recordObjective(ctx.db, learner.id, first.id, false);

    const response = await put(
      learner.id,
      { statusId: 4, instructorNotes: 'Well explained' },
      staff.token,
    );
    expect(response.statusCode).toBe(204);
    const records = await ctx.db
      .selectFrom('learning_records')
      .selectAll()
      .where('student_id', '=', learner.id)
      .orderBy('objective_id')
      .execute();
    expect(records.map((r) => [r.objective_id, r.achieved])).toEqual([
      [first.id, true],
      [second.id, true],
    ]);
    expect(records[0]!.id).toBe(existing.id);
    const entries = await ctx.db
      .selectFrom('learning_record_entries')
      .selectAll()
      .where(
        'record_id',
        'in',
        records.map((r) => r.id),
      )
      .execute();
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => e.note === 'Well explained' && e.instructor_id === staff.id)).toBe(
      true,
    );

    const cohortId = (
      await ctx.db
        .selectFrom('cohort_memberships')
        .select('cohort_id')
        .where('person_id', '=', learner.id)
        .executeTakeFirstOrThrow()
    ).cohort_id;
    const board = await ctx.request({
      method: 'GET',
      url: `/api/students?cohort=${cohortId}`,
      token: staff.token,
    });
    expect(board.json()[0]).toMatchObject({ assessment_status_id: 4, score: 30 });

    // A completed review is not reopened by the learner.
    const reopen = await put(learner.id, { statusId: 2 }, learner.token);
    expect(reopen.statusCode).toBe(409);
  });

  it('submits the self-assessment it names by id, not the newest one', async () => {
    const { learner, course, assessment } = await learnerInCohort(ctx);
    const current = await startAssessment(
      ctx.db,
      learner.id,
      assessment.id,
      1,
      '2026-01-01T00:00:00Z',
    );
    const later = await createAssessment(ctx.db, course.books[1]!.id);
    const newest = await startAssessment(ctx.db, learner.id, later.id, 1, '2026-02-01T00:00:00Z');
    const submitted = await put(
      learner.id,
      { statusId: 2, studentAssessmentId: current.id },
      learner.token,
    );
    expect(submitted.statusCode).toBe(204);
    const rows = await ctx.db
      .selectFrom('student_assessments')
      .select(['id', 'status_id'])
      .where('student_id', '=', learner.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: current.id, status_id: 2 },
      { id: newest.id, status_id: 1 },
    ]);

    const stranger = await learnerInCohort(ctx);
    const theirs = await startAssessment(ctx.db, stranger.learner.id, stranger.assessment.id);
    const foreign = await put(
      learner.id,
      { statusId: 2, studentAssessmentId: theirs.id },
      learner.token,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Self-assessment not found.');
  });

  it('changes nothing and writes nothing when the status is already the one asked for', async () => {
    const { learner, assessment } = await learnerInCohort(ctx);
    await startAssessment(ctx.db, learner.id, assessment.id, 2);
    const audits = () =>
      ctx.db
        .selectFrom('audit_log')
        .select('id')
        .where('entity', '=', 'learner')
        .where('entity_id', '=', String(learner.id))
        .where('action', '=', 'status')
        .execute();
    expect((await put(learner.id, { statusId: 2 }, learner.token)).statusCode).toBe(204);
    expect(await audits()).toEqual([]);
  });

  it('answers 400 without assessments or with a bad status, and 404 for an unknown learner', async () => {
    const learner = await createLearner(ctx.db);
    const none = await put(learner.id, { statusId: 3 }, staff.token);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Students has no assessments assigned');
    const bad = await put(learner.id, { statusId: 5 }, staff.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('body.statusId');
    expect((await put(999999, { statusId: 3 }, staff.token)).statusCode).toBe(404);
  });
});

describe('with GitHub and Slack configured', () => {
  let c: TestContext;
  let github: FakeGithub;
  let slack: FakeSlack;
  let reviewer: Awaited<ReturnType<typeof createStaff>>;
  beforeAll(async () => {
    github = await new FakeGithub().start();
    slack = await new FakeSlack().start();
    c = await createTestContext({
      github: { apiUrl: github.url, token: 'server-token' },
      slack: { apiUrl: slack.url, token: 'xoxb-test' },
    });
    reviewer = await createStaff(c.db);
  });
  afterAll(async () => {
    await c.close();
    await github.stop();
    await slack.stop();
  });

  const start = (learnerId: number, bookId: number, token: string) =>
    c.request({
      method: 'POST',
      url: `/api/students/${learnerId}/assess`,
      token,
      payload: { bookId },
    });

  it('saves the row at once, then a job creates the repository, adds the learner and tells Slack', async () => {
    const { learner, course, cohort } = await learnerInCohort(c, {
      org: 'day-cohort-org',
      slack: 'U123',
    });
    const response = await start(learner.id, course.books[0]!.id, learner.token);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: 'Success',
      url: 'https://github.com/day-cohort-org/Self-Assessment-One-leel',
      link_in_slack: true,
    });
    // The learner follows their own job.
    const job = await jobEnded(injected(c.request, learner.token), response.json().job_id);
    expect(job.steps.map((step) => [step.label, step.status])).toEqual([
      ['Self-assessment repository day-cohort-org/Self-Assessment-One-leel', 'done'],
      [`Message to the channel of ${cohort.name}`, 'done'],
    ]);
    const generate = github.requests.find((r) => r.path === '/repos/templates/self-one/generate');
    expect(generate?.body).toMatchObject({
      owner: 'day-cohort-org',
      name: 'Self-Assessment-One-leel',
    });
    expect(generate?.authorization).toBe('Bearer server-token');
    expect(
      github.requests.some(
        (r) =>
          r.method === 'PUT' &&
          r.path === '/repos/day-cohort-org/Self-Assessment-One-leel/collaborators/leel',
      ),
    ).toBe(true);
    // The direct message and the channel's are sent side by side: either may come first.
    const sentTo = (channel: string) => slack.messages.find((m) => m.channel === channel);
    expect(slack.messages.map((m) => m.channel).sort()).toEqual(
      ['U123', cohort.slack_channel].sort(),
    );
    expect(sentTo('U123')?.text).toContain(
      'https://github.com/day-cohort-org/Self-Assessment-One-leel',
    );
    expect(sentTo(cohort.slack_channel)?.text).toBe(
      '📝 Lee Learner has started the self-assessment for Self Assessment One.',
    );

    slack.messages.length = 0;
    expect(
      (
        await c.request({
          method: 'PUT',
          url: `/api/students/${learner.id}/assess`,
          token: learner.token,
          payload: { statusId: 2 },
        })
      ).statusCode,
    ).toBe(204);
    await eventually(() =>
      expect(slack.messages.map((m) => m.channel).sort()).toEqual(
        ['U123', cohort.slack_channel].sort(),
      ),
    );
    expect(sentTo(cohort.slack_channel)?.text).toContain(
      'Review it at https://github.com/day-cohort-org/Self-Assessment-One-leel',
    );
  });

  it("starts at once when GitHub refuses; the learner sees GitHub's message and a retry makes it", async () => {
    const { learner, course } = await learnerInCohort(c, { org: 'fail-org' });
    github.failCollaborators = true;
    const response = await start(learner.id, course.books[0]!.id, reviewer.token);
    expect(response.statusCode).toBe(201);
    // The learner has no Slack handle: no message will bring them the link.
    expect(response.json().link_in_slack).toBe(false);
    const asLearner = injected(c.request, learner.token);
    const failed = await jobEnded(asLearner, response.json().job_id);
    github.failCollaborators = false;
    expect(failed.status).toBe('failed');
    expect(failed.steps[0]?.error).toBe(
      'Student was not added as a collaborator to the assessment repository (403: Must have admin rights)',
    );
    const retry = await c.request({
      method: 'POST',
      url: `/api/jobs/${failed.id}/retry`,
      token: reviewer.token,
      payload: {},
    });
    expect(retry.statusCode).toBe(200);
    expect((await jobEnded(asLearner, failed.id)).status).toBe('done');
    const generated = github.requests.filter(
      (r) => r.method === 'POST' && r.path === '/repos/templates/self-one/generate',
    );
    expect(
      generated.filter((r) => (r.body as { owner: string }).owner === 'fail-org'),
    ).toHaveLength(1);
  });

  it('starts without a repository when the cohort has no GitHub organization, and says so', async () => {
    const { learner, course } = await learnerInCohort(c);
    const response = await start(learner.id, course.books[0]!.id, reviewer.token);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message:
        "Self-assessment started. No repository was created: the student's cohort has no GitHub organization.",
      url: '',
    });
  });

  it('keeps the status change when Slack refuses the message', async () => {
    const { learner, assessment } = await learnerInCohort(c, { slack: 'U999' });
    await startAssessment(c.db, learner.id, assessment.id, 2);
    slack.failing = true;
    const response = await c.request({
      method: 'PUT',
      url: `/api/students/${learner.id}/assess`,
      token: reviewer.token,
      payload: { statusId: 4 },
    });
    slack.failing = false;
    expect(response.statusCode).toBe(204);
    const row = await c.db
      .selectFrom('student_assessments')
      .select('status_id')
      .where('student_id', '=', learner.id)
      .executeTakeFirstOrThrow();
    expect(row.status_id).toBe(4);
  });
});
