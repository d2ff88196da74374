import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import {
  addCoach,
  createCohort,
  createLearner,
  createStaff,
  enrol,
  giveProgress,
} from '../../../test/factories.ts';
import { FakeSlack } from '../../../test/fake-slack.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let slack: FakeSlack;
let coach: Awaited<ReturnType<typeof createStaff>>;
let otherCoach: Awaited<ReturnType<typeof createStaff>>;
let learner: Awaited<ReturnType<typeof createLearner>>;
let classmate: Awaited<ReturnType<typeof createLearner>>;
let cohort: Awaited<ReturnType<typeof createCohort>>;

beforeAll(async () => {
  slack = await new FakeSlack().start();
  ctx = await createTestContext({ slack: { apiUrl: slack.url, token: 'xoxb-test' } });
  coach = await createStaff(ctx.db, { firstName: 'Cam', lastName: 'Coach' });
  otherCoach = await createStaff(ctx.db);
  learner = await createLearner(ctx.db, {
    firstName: 'Lina',
    lastName: 'Learner',
    githubLogin: 'lina-codes',
  });
  classmate = await createLearner(ctx.db);
  cohort = await createCohort(ctx.db, { name: 'Day Cohort 90' });
  const otherCohort = await createCohort(ctx.db);
  await addCoach(ctx.db, cohort.id, coach.id);
  await addCoach(ctx.db, otherCohort.id, otherCoach.id);
  await enrol(ctx.db, cohort.id, learner.id);
  await enrol(ctx.db, cohort.id, classmate.id);
  await giveProgress(ctx.db, learner.id, coach.id);
});
afterAll(async () => {
  await ctx.close();
  await slack.stop();
});

describe('GET /students/{id}', () => {
  it('answers staff with name, score, GitHub handle, cohort, project, skills, records and feedback', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: `/api/students/${learner.id}`,
      token: coach.token,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: learner.id,
      name: 'Lina Learner',
      github_handle: 'lina-codes',
      score: 7,
      current_cohort: { id: cohort.id, name: 'Day Cohort 90' },
      project: { name: 'Project 1.1' },
      core_skill_records: [{ skill: { id: 1, label: 'Analytical Thinking' }, level: 4 }],
      records: [
        {
          achieved: true,
          weight: 7,
          entries: [{ note: 'Shown in review', instructor: 'Cam Coach' }],
        },
      ],
      feedback: [{ notes: 'Good week', author: 'Cam Coach' }],
    });
    expect(body.cohorts).toEqual([
      {
        cohort: { id: cohort.id, name: 'Day Cohort 90' },
        joined_at: expect.any(String),
        left_at: null,
      },
    ]);
    expect(body.capstones).toHaveLength(1);
    expect(JSON.stringify(body)).not.toContain('A private note');
  });

  it("lists a transferred learner's cohorts current first, with when they left the others", async () => {
    const moved = await createLearner(ctx.db);
    const first = await createCohort(ctx.db, { name: 'Night Cohort 4' });
    await enrol(ctx.db, first.id, moved.id);
    await ctx.db
      .updateTable('cohort_memberships')
      .set({ left_at: new Date('2026-10-02T15:04:05.678Z') })
      .where('person_id', '=', moved.id)
      .execute();
    await enrol(ctx.db, cohort.id, moved.id);

    const response = await ctx.request({
      method: 'GET',
      url: `/api/students/${moved.id}`,
      token: coach.token,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.cohorts).toEqual([
      {
        cohort: { id: cohort.id, name: 'Day Cohort 90' },
        joined_at: expect.any(String),
        left_at: null,
      },
      {
        cohort: { id: first.id, name: 'Night Cohort 4' },
        joined_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        left_at: '2026-10-02T15:04:05.678Z',
      },
    ]);
    // Nothing recorded yet: empty lists, not nulls.
    expect(body).toMatchObject({
      project: { id: 0, name: 'Unassigned' },
      core_skill_records: [],
      records: [],
      feedback: [],
      capstones: [],
    });
  });

  it('lets the learner read their own record, without instructor notes', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: `/api/students/${learner.id}`,
      token: learner.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Lina Learner');
    expect(response.json().notes).toBeUndefined();
    expect(response.body).not.toContain('A private note');
  });

  it("refuses another learner's record (403, also for ids that do not exist) and anonymous callers (401)", async () => {
    const other = await ctx.request({
      method: 'GET',
      url: `/api/students/${learner.id}`,
      token: classmate.token,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You are not authorized to view this student profile.');
    expect(other.body).not.toContain('Lina');
    const probe = await ctx.request({
      method: 'GET',
      url: '/api/students/999999',
      token: classmate.token,
    });
    expect(probe.statusCode).toBe(403);
    expect(
      (await ctx.request({ method: 'GET', url: `/api/students/${learner.id}` })).statusCode,
    ).toBe(401);
  });

  it('lets an instructor of another cohort read any learner (any staff member may)', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: `/api/students/${learner.id}`,
      token: otherCoach.token,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 404 for unknown ids and for staff, and 400 for a non-numeric id', async () => {
    const unknown = await ctx.request({
      method: 'GET',
      url: '/api/students/999999',
      token: coach.token,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('That student does not exist.');
    expect(
      (
        await ctx.request({
          method: 'GET',
          url: `/api/students/${otherCoach.id}`,
          token: coach.token,
        })
      ).statusCode,
    ).toBe(404);
    const bad = await ctx.request({ method: 'GET', url: '/api/students/abc', token: coach.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('params.id');
  });

  it('reports no cohort and an Unassigned project for a learner without them', async () => {
    const loner = await createLearner(ctx.db);
    const body = (
      await ctx.request({ method: 'GET', url: `/api/students/${loner.id}`, token: coach.token })
    ).json();
    expect(body).toMatchObject({
      current_cohort: null,
      cohorts: [],
      project: { id: 0, name: 'Unassigned' },
      score: 0,
    });
  });
});

describe('PUT /students/{id}', () => {
  it('lets the learner set their own Slack id, and staff correct it', async () => {
    const own = await ctx.request({
      method: 'PUT',
      url: `/api/students/${learner.id}`,
      token: learner.token,
      payload: { slack_handle: ' U0123ABC ' },
    });
    expect(own.statusCode).toBe(204);
    expect(
      (
        await ctx.request({
          method: 'GET',
          url: `/api/students/${learner.id}`,
          token: learner.token,
        })
      ).json().slack_handle,
    ).toBe('U0123ABC');
    const byStaff = await ctx.request({
      method: 'PUT',
      url: `/api/students/${learner.id}`,
      token: otherCoach.token,
      payload: { slack_handle: 'U0999' },
    });
    expect(byStaff.statusCode).toBe(204);
  });

  it("refuses another learner's Slack id (403), unknown ids (404) and a too long id (400)", async () => {
    const denied = await ctx.request({
      method: 'PUT',
      url: `/api/students/${learner.id}`,
      token: classmate.token,
      payload: { slack_handle: 'hijack' },
    });
    expect(denied.statusCode).toBe(403);
    const row = await ctx.db
      .selectFrom('people')
      .select('slack_handle')
      .where('id', '=', learner.id)
      .executeTakeFirstOrThrow();
    expect(row.slack_handle).not.toBe('hijack');
    const unknown = await ctx.request({
      method: 'PUT',
      url: '/api/students/999999',
      token: coach.token,
      payload: { slack_handle: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    const long = await ctx.request({
      method: 'PUT',
      url: `/api/students/${learner.id}`,
      token: learner.token,
      payload: { slack_handle: 'x'.repeat(56) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('body.slack_handle');
  });
});

describe('PUT /students/{id}: a Slack member ID is personal', () => {
  it("refuses one that belongs to someone else (any case) with 409, and keeps the learner's own", async () => {
    const owner = await createLearner(ctx.db);
    await ctx.db
      .updateTable('people')
      .set({ slack_handle: 'U0OWNER1' })
      .where('id', '=', owner.id)
      .execute();
    const put = (id: number, token: string, slack_handle: string) =>
      ctx.request({ method: 'PUT', url: `/api/students/${id}`, token, payload: { slack_handle } });
    expect((await put(learner.id, learner.token, 'U0MINE1')).statusCode).toBe(204);
    for (const [token, handle] of [
      [learner.token, 'U0OWNER1'],
      [learner.token, ' u0owner1 '],
      [coach.token, 'U0OWNER1'],
    ] as const) {
      const taken = await put(learner.id, token, handle);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe('That Slack member ID belongs to someone else.');
    }
    const row = await ctx.db
      .selectFrom('people')
      .select('slack_handle')
      .where('id', '=', learner.id)
      .executeTakeFirstOrThrow();
    expect(row.slack_handle).toBe('U0MINE1');
    // Saving one's own id again is no conflict.
    expect((await put(owner.id, owner.token, 'U0OWNER1')).statusCode).toBe(204);
  });
});

describe('POST /students/{id}/status (1:1 feedback)', () => {
  it('records feedback from the coach, shown in the learner record, and tells the learner on Slack', async () => {
    await ctx.db
      .updateTable('people')
      .set({ slack_handle: 'U0CLASSMATE' })
      .where('id', '=', classmate.id)
      .execute();
    const response = await ctx.request({
      method: 'POST',
      url: `/api/students/${classmate.id}/status`,
      token: coach.token,
      payload: { notes: 'Great demo today' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Student note created', id: expect.any(Number) });
    const detail = (
      await ctx.request({
        method: 'GET',
        url: `/api/students/${classmate.id}`,
        token: classmate.token,
      })
    ).json();
    expect(detail.feedback[0]).toMatchObject({ notes: 'Great demo today', author: 'Cam Coach' });
    // Sent by a job once the feedback committed.
    await eventually(() => expect(slack.messages).toHaveLength(1));
    expect(slack.messages).toMatchObject([
      {
        channel: 'U0CLASSMATE',
        text: `You just received feedback from one of your coaches.\n\nVisit ${ctx.config.clientUrl} to view your messages.`,
        authorization: 'Bearer xoxb-test',
      },
    ]);
  });

  it('keeps the feedback when Slack refuses the message', async () => {
    slack.failing = true;
    const response = await ctx.request({
      method: 'POST',
      url: `/api/students/${classmate.id}/status`,
      token: coach.token,
      payload: { notes: 'Kept anyway' },
    });
    slack.failing = false;
    expect(response.statusCode).toBe(201);
    const rows = await ctx.db
      .selectFrom('feedback')
      .select('notes')
      .where('notes', '=', 'Kept anyway')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses learners (403) and anonymous callers (401); requires the text; 404 for unknown learners', async () => {
    const denied = await ctx.request({
      method: 'POST',
      url: `/api/students/${classmate.id}/status`,
      token: learner.token,
      payload: { notes: 'Fake praise' },
    });
    expect(denied.statusCode).toBe(403);
    expect(
      (
        await ctx.request({
          method: 'POST',
          url: `/api/students/${classmate.id}/status`,
          payload: { notes: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    const missing = await ctx.request({
      method: 'POST',
      url: `/api/students/${classmate.id}/status`,
      token: coach.token,
      payload: {},
    });
    expect(missing.json().message).toBe('body.notes is required');
    const blank = await ctx.request({
      method: 'POST',
      url: `/api/students/${classmate.id}/status`,
      token: coach.token,
      payload: { notes: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    const unknown = await ctx.request({
      method: 'POST',
      url: '/api/students/999999/status',
      token: coach.token,
      payload: { notes: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    const rows = await ctx.db
      .selectFrom('feedback')
      .select('notes')
      .where('notes', '=', 'Fake praise')
      .execute();
    expect(rows).toHaveLength(0);
  });
});
