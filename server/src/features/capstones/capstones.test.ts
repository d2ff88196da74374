import { ALREADY_SUBMITTED_MESSAGE, NOT_COHORT_COURSE_MESSAGE } from '@lp/contract/capstones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCohortCourse,
  addTimeline,
  createCapstone,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
} from '../../../test/factories.ts';
import { FakeSlack } from '../../../test/fake-slack.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let slack: FakeSlack;
let staff: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  slack = await new FakeSlack().start();
  ctx = await createTestContext({ slack: { apiUrl: slack.url, token: 'xoxb-test' } });
  staff = await createStaff(ctx.db);
});
afterAll(async () => {
  await ctx.close();
  await slack.stop();
});

async function learnerWithCohort(first = 'Cara', last = 'Capstone') {
  const cohort = await createCohort(ctx.db);
  const learner = await createLearner(ctx.db, { firstName: first, lastName: last });
  await enrol(ctx.db, cohort.id, learner.id);
  await ctx.db
    .updateTable('people')
    .set({ slack_handle: `U${learner.id}` })
    .where('id', '=', learner.id)
    .execute();
  return { cohort, learner };
}

const submit = (token: string | undefined, payload: object) =>
  ctx.request({ method: 'POST', url: '/api/capstones', token, payload });

describe('POST /capstones', () => {
  it('saves the learner’s proposal once per course and tells Slack', async () => {
    const { cohort, learner } = await learnerWithCohort();
    const course = await createCourse(ctx.db, { name: 'Server-Side Python' });
    await addCohortCourse(ctx.db, cohort.id, course.id, 1, false);
    slack.messages.length = 0;
    const response = await submit(learner.token, {
      course: course.id,
      description: 'A habit tracker',
      proposalURL: 'https://docs.example/proposal',
      repoURL: '',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), message: 'Proposal submitted' });
    expect(slack.messages.map((m) => [m.channel, m.text])).toEqual([
      [
        cohort.slack_channel,
        'Cara Capstone has submitted their Server-Side Python capstone proposal',
      ],
      [
        `U${learner.id}`,
        ':mortar_board: Your Server-Side Python capstone proposal was successfully submitted.\n\nIf you make changes to anything in your proposal, you do not need to submit again.',
      ],
    ]);

    const again = await submit(learner.token, { course: course.id, proposalURL: 'https://x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_SUBMITTED_MESSAGE);
  });

  it('refuses a course that is not one of the learner’s current cohort, saying why', async () => {
    const { learner } = await learnerWithCohort();
    const elsewhere = await createCohort(ctx.db);
    const theirs = await createCourse(ctx.db, { name: 'Another Cohort Course' });
    await addCohortCourse(ctx.db, elsewhere.id, theirs.id, 0, false);
    const refused = await submit(learner.token, { course: theirs.id, proposalURL: 'https://p' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_COHORT_COURSE_MESSAGE);

    const loner = await createLearner(ctx.db);
    const noCohort = await submit(loner.token, { course: theirs.id, proposalURL: 'https://p' });
    expect(noCohort.statusCode).toBe(403);
    expect(noCohort.json().message).toBe(NOT_COHORT_COURSE_MESSAGE);
    const rows = await ctx.db
      .selectFrom('capstones')
      .select('id')
      .where('course_id', '=', theirs.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers 400 for an unknown or missing course and refuses staff and anonymous callers', async () => {
    const { learner } = await learnerWithCohort();
    const unknown = await submit(learner.token, { course: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Could not find any matching courses');
    const missing = await submit(learner.token, { description: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('body.course is required');
    const course = await createCourse(ctx.db);
    expect((await submit(staff.token, { course: course.id })).statusCode).toBe(403);
    expect((await submit(undefined, { course: course.id })).statusCode).toBe(401);
    const rows = await ctx.db
      .selectFrom('capstones')
      .select('id')
      .where('course_id', '=', course.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('GET /capstones', () => {
  it('lists a cohort’s proposals with their timelines for staff', async () => {
    const { cohort, learner } = await learnerWithCohort('Abe', 'Alpha');
    const course = await createCourse(ctx.db, { name: 'Client-Side' });
    const capstone = await createCapstone(ctx.db, learner.id, course.id, 'https://p');
    const first = await addTimeline(ctx.db, capstone.id, 1, '2026-01-02T10:00:00Z');
    const second = await addTimeline(ctx.db, capstone.id, 3, '2026-01-05T10:00:00Z');
    const outsider = await learnerWithCohort('Zed', 'Other');
    await createCapstone(ctx.db, outsider.learner.id, course.id);

    const response = await ctx.request({
      method: 'GET',
      url: `/api/capstones?cohortId=${cohort.id}`,
      token: staff.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: capstone.id,
        student_id: learner.id,
        name: 'Abe Alpha',
        course_id: course.id,
        course: 'Client-Side',
        proposal_url: 'https://p',
        repo_url: '',
        description: '',
        statuses: [
          { id: first.id, status: 'In Review', status_id: 1, date: '2026-01-02T10:00:00.000Z' },
          { id: second.id, status: 'Approved', status_id: 3, date: '2026-01-05T10:00:00.000Z' },
        ],
      },
    ]);
    const learnerAsks = await ctx.request({
      method: 'GET',
      url: `/api/capstones?cohortId=${cohort.id}`,
      token: learner.token,
    });
    expect(learnerAsks.statusCode).toBe(403);
    const unknown = await ctx.request({
      method: 'GET',
      url: '/api/capstones?cohortId=999999',
      token: staff.token,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists a learner’s own proposals for them and staff, never for another learner', async () => {
    const { learner } = await learnerWithCohort();
    const course = await createCourse(ctx.db);
    await createCapstone(ctx.db, learner.id, course.id);
    const other = await createLearner(ctx.db);
    const url = `/api/capstones?studentId=${learner.id}`;
    expect((await ctx.request({ method: 'GET', url, token: learner.token })).json()).toHaveLength(
      1,
    );
    expect((await ctx.request({ method: 'GET', url, token: staff.token })).json()).toHaveLength(1);
    expect((await ctx.request({ method: 'GET', url, token: other.token })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url })).statusCode).toBe(401);
    const none = await ctx.request({ method: 'GET', url: '/api/capstones', token: staff.token });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('querystring.cohortId');
    const unknown = await ctx.request({
      method: 'GET',
      url: '/api/capstones?studentId=999999',
      token: staff.token,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /timelines and DELETE /timelines/{id}', () => {
  it('lets staff review a proposal, tells the learner, and revoke the approval', async () => {
    const { cohort, learner } = await learnerWithCohort('Rae', 'Review');
    const course = await createCourse(ctx.db);
    const capstone = await createCapstone(ctx.db, learner.id, course.id);
    slack.messages.length = 0;
    const approved = await ctx.request({
      method: 'POST',
      url: '/api/timelines',
      token: staff.token,
      payload: { capstone: capstone.id, status: 3 },
    });
    expect(approved.statusCode).toBe(201);
    expect(approved.json()).toEqual({
      id: expect.any(Number),
      capstone: capstone.id,
      status: 3,
      date: expect.stringMatching(/Z$/),
    });
    expect(slack.messages).toEqual([
      {
        channel: `U${learner.id}`,
        text: ':hi: Hello, Rae Review!\n\n:mortar_board: Your capstone proposal was marked as Approved.',
        authorization: 'Bearer xoxb-test',
      },
    ]);
    const board = async () =>
      (
        await ctx.request({
          method: 'GET',
          url: `/api/students?cohort=${cohort.id}`,
          token: staff.token,
        })
      ).json()[0].proposals[0];
    expect(await board()).toMatchObject({ status: 'Approved', current_status_id: 3 });

    const revoked = await ctx.request({
      method: 'DELETE',
      url: `/api/timelines/${approved.json().id}`,
      token: staff.token,
    });
    expect(revoked.statusCode).toBe(204);
    expect(revoked.body).toBe('');
    expect(await board()).toMatchObject({ status: null, current_status_id: null });
    const gone = await ctx.request({
      method: 'DELETE',
      url: `/api/timelines/${approved.json().id}`,
      token: staff.token,
    });
    expect(gone.statusCode).toBe(404);

    // The revoke is in the learner's history; its undo puts the approval back as it was.
    const history = await ctx.request({
      method: 'GET',
      url: `/api/students/${learner.id}/history`,
      token: staff.token,
    });
    expect(history.json()[0]).toMatchObject({
      action: 'revoke_capstone_step',
      summary: `${course.name} capstone: Approved revoked`,
    });
    const undo = await ctx.request({
      method: 'POST',
      url: `/api/students/${learner.id}/history/${revoked.headers['history-id']}/undo`,
      token: staff.token,
    });
    expect(undo.json().message).toBe('Capstone step restored');
    expect(await board()).toMatchObject({
      status: 'Approved',
      current_status_id: 3,
      created_on: approved.json().date,
    });
  });

  it('refuses the status the proposal already has: one entry, one Slack message', async () => {
    const { learner } = await learnerWithCohort('Sam', 'Same');
    const course = await createCourse(ctx.db);
    const capstone = await createCapstone(ctx.db, learner.id, course.id);
    await addTimeline(ctx.db, capstone.id, 1, '2026-01-01T00:00:00Z');
    slack.messages.length = 0;
    const mark = (status: number) =>
      ctx.request({
        method: 'POST',
        url: '/api/timelines',
        token: staff.token,
        payload: { capstone: capstone.id, status },
      });
    expect((await mark(2)).statusCode).toBe(201);
    const again = await mark(2);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The proposal is already marked as Requires Changes.');
    const steps = await ctx.db
      .selectFrom('capstone_timelines')
      .select('status_id')
      .where('capstone_id', '=', capstone.id)
      .orderBy('id')
      .execute();
    expect(steps.map((step) => step.status_id)).toEqual([1, 2]);
    expect(slack.messages).toHaveLength(1);
    // An earlier status may come back: only the current one is refused.
    expect((await mark(1)).statusCode).toBe(201);
  });

  it('refuses learners and anonymous callers, and answers 400 and 404 without writing', async () => {
    const { learner } = await learnerWithCohort();
    const course = await createCourse(ctx.db);
    const capstone = await createCapstone(ctx.db, learner.id, course.id);
    const entry = await addTimeline(ctx.db, capstone.id, 3);
    const post = (payload: object, token?: string) =>
      ctx.request({ method: 'POST', url: '/api/timelines', token, payload });
    expect((await post({ capstone: capstone.id, status: 3 }, learner.token)).statusCode).toBe(403);
    expect((await post({ capstone: capstone.id, status: 3 })).statusCode).toBe(401);
    const missing = await post({ capstone: capstone.id }, staff.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('body.status is required');
    expect((await post({ capstone: 999999, status: 3 }, staff.token)).json().message).toBe(
      'Capstone not found.',
    );
    expect((await post({ capstone: capstone.id, status: 9 }, staff.token)).statusCode).toBe(404);
    const del = (token?: string) =>
      ctx.request({ method: 'DELETE', url: `/api/timelines/${entry.id}`, token });
    expect((await del(learner.token)).statusCode).toBe(403);
    expect((await del()).statusCode).toBe(401);
    const rows = await ctx.db
      .selectFrom('capstone_timelines')
      .select('id')
      .where('capstone_id', '=', capstone.id)
      .execute();
    expect(rows).toEqual([{ id: entry.id }]);
  });
});
