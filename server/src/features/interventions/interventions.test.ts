import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import type { CohortHealth, LearnerHealth } from '@lp/contract/health';
import type { Intervention } from '@lp/contract/interventions';
import type { HistoryItem } from '@lp/contract/learners';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCohortCourse,
  assignProject,
  createAssessment,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
  startAssessment,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

// "I reached out": staff record what they did about a learner who needed attention, with undo;
// the learner's flag then rests for HEALTH_REST_DAYS (7) days, unless a strong reason they did
// not have then appears.
let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db, { firstName: 'Ada', lastName: 'Coach' });
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY - 3_600_000).toISOString();

/** A learner inactive for ten days (a strong reason: "watch"), in a cohort of their own. */
async function idleLearner() {
  const cohort = await createCohort(ctx.db);
  const course = await createCourse(ctx.db, { books: 1, projectsPerBook: 2 });
  await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
  const learner = await createLearner(ctx.db, { firstName: 'Idle', lastName: 'Learner' });
  await enrol(ctx.db, cohort.id, learner.id);
  await assignProject(ctx.db, learner.id, course.books[0]!.projects[0]!.id, daysAgo(10));
  return { cohort, course, learner };
}

const reachOut = (learnerId: number, payload: Record<string, unknown>, token = staff.token) =>
  ctx.request({
    method: 'POST',
    url: `/api/students/${learnerId}/interventions`,
    token,
    payload,
  });

async function healthOf(cohortId: number, learnerId: number): Promise<LearnerHealth> {
  const answer = await ctx.request({
    method: 'GET',
    url: `/api/cohorts/${cohortId}/health`,
    token: staff.token,
  });
  expect(answer.statusCode).toBe(200);
  const learner = (answer.json() as CohortHealth).learners.find(
    (each) => each.student_id === learnerId,
  );
  if (!learner) throw new Error('The learner is not in the report');
  return learner;
}

describe('POST /students/{id}/interventions', () => {
  it("records the intervention with the learner's strong reasons, in their history, undoably", async () => {
    const { learner } = await idleLearner();
    const answer = await reachOut(learner.id, {
      kind: 'one_to_one',
      note: '  Agreed to pair on the API tomorrow  ',
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      student_id: learner.id,
      kind: 'one_to_one',
      note: 'Agreed to pair on the API tomorrow',
      reasons: ['inactive'],
      by: 'Ada Coach',
    });

    const list = await ctx.request({
      method: 'GET',
      url: `/api/students/${learner.id}/interventions`,
      token: staff.token,
    });
    expect((list.json() as Intervention[]).map((each) => each.kind)).toEqual(['one_to_one']);

    const history = await ctx.request({
      method: 'GET',
      url: `/api/students/${learner.id}/history`,
      token: staff.token,
    });
    expect((history.json() as HistoryItem[])[0]).toMatchObject({
      action: 'reach_out',
      summary: 'Reached out: one-to-one — “Agreed to pair on the API tomorrow”',
      actor: 'Ada Coach',
      can_undo: true,
    });

    const undo = () =>
      ctx.request({
        method: 'POST',
        url: `/api/students/${learner.id}/history/${answer.headers[HISTORY_ID_HEADER]}/undo`,
        token: staff.token,
      });
    const undone = await undo();
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ message: 'Intervention removed' });
    const after = await ctx.request({
      method: 'GET',
      url: `/api/students/${learner.id}/interventions`,
      token: staff.token,
    });
    expect(after.json()).toEqual([]);
    expect((await undo()).statusCode).toBe(409);
  });

  it('refuses a bad kind or a long note naming the field, and an unknown learner', async () => {
    const { learner } = await idleLearner();
    const badKind = await reachOut(learner.id, { kind: 'shout', note: '' });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toMatch(/kind/);
    const long = await reachOut(learner.id, { kind: 'message', note: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/note/);
    expect((await reachOut(99_999_999, { kind: 'message', note: '' })).statusCode).toBe(404);
    expect((await reachOut(staff.id, { kind: 'message', note: '' })).statusCode).toBe(404);
    expect(
      (
        await ctx.request({
          method: 'GET',
          url: `/api/students/${learner.id}/interventions`,
          token: staff.token,
        })
      ).json(),
    ).toEqual([]);
  });
});

describe("the learner's flag after an intervention", () => {
  it('rests, comes back with a strong reason not known then, and after the rest days', async () => {
    const { cohort, course, learner } = await idleLearner();
    expect((await healthOf(cohort.id, learner.id)).level).toBe('watch');

    const answer = await reachOut(learner.id, { kind: 'message', note: 'Checked in on Slack' });
    expect(answer.statusCode).toBe(201);
    const resting = await healthOf(cohort.id, learner.id);
    expect(resting.level).toBeNull();
    expect(resting.flags.map((flag) => flag.kind)).toEqual(['inactive']);
    expect(resting.reached_out).toMatchObject({ kind: 'message', by: 'Ada Coach' });
    const { id } = answer.json() as Intervention;
    const reachedAt = new Date((answer.json() as Intervention).created_at).getTime();
    expect(new Date(resting.resting_until ?? 0).getTime()).toBe(reachedAt + 7 * DAY);

    // A self-assessment waiting four days for review: a strong reason not known then. (Its
    // change counts as activity too, so the learner is no longer inactive.)
    const assessment = await createAssessment(ctx.db, course.books[0]!.id);
    await startAssessment(ctx.db, learner.id, assessment.id, 2, daysAgo(4));
    const back = await healthOf(cohort.id, learner.id);
    expect(back.flags.map((flag) => flag.kind)).toEqual(['review_waiting']);
    expect(back.level).toBe('watch');
    expect(back.resting_until).toBeNull();

    // Without the new reason, a rest that began eight days ago is over.
    await ctx.db.deleteFrom('student_assessments').where('student_id', '=', learner.id).execute();
    await ctx.db
      .updateTable('interventions')
      .set({ created_at: daysAgo(8) })
      .where('id', '=', id)
      .execute();
    const over = await healthOf(cohort.id, learner.id);
    expect(over.level).toBe('watch');
    expect(over.resting_until).toBeNull();
  });
});
