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

describe('what helped', () => {
  it('counts, by kind, the learners who moved on within 7 and 14 days, in the cohort and in all', async () => {
    const { cohort, course, learner } = await idleLearner();
    const elsewhere = await idleLearner();
    const record = async (learnerId: number, cohortId: number, kind: string, days: number) =>
      ctx.db
        .insertInto('interventions')
        .values({
          learner_id: learnerId,
          cohort_id: cohortId,
          kind: kind as 'pairing',
          created_at: daysAgo(days),
          created_by: staff.id,
        })
        .execute();
    const second = course.books[0]!.projects[1]!.id;
    // Pairing 30 days ago, then a move 5 days later: moved on within 7 and 14 days.
    await record(learner.id, cohort.id, 'pairing', 30);
    await ctx.db
      .updateTable('student_projects')
      .set({ assigned_at: daysAgo(40) })
      .where('student_id', '=', learner.id)
      .execute();
    await assignProject(ctx.db, learner.id, second, daysAgo(25));
    // A message 20 days ago, nothing after it but that move's successor 10 days later.
    const other = await createLearner(ctx.db);
    await enrol(ctx.db, cohort.id, other.id);
    await assignProject(ctx.db, other.id, course.books[0]!.projects[0]!.id, daysAgo(40));
    await record(other.id, cohort.id, 'message', 20);
    await assignProject(ctx.db, other.id, second, daysAgo(10));
    // A message 2 days ago, no move yet: not judged.
    await record(learner.id, cohort.id, 'message', 2);
    // Pairing in another cohort, 20 days ago.
    await record(elsewhere.learner.id, elsewhere.cohort.id, 'pairing', 20);

    const answer = await ctx.request({
      method: 'GET',
      url: `/api/cohorts/${cohort.id}/health`,
      token: staff.token,
    });
    const helped = (answer.json() as CohortHealth).what_helped;
    expect(helped.map((row) => row.kind)).toEqual([
      'message',
      'one_to_one',
      'pairing',
      'plan',
      'other',
    ]);
    const byKind = Object.fromEntries(helped.map((row) => [row.kind, row]));
    expect(byKind.pairing?.cohort).toEqual({ judged: 1, within_7_days: 1, within_14_days: 1 });
    // The other cohort's learner moved 10 days after it (idleLearner's assignment).
    expect(byKind.pairing?.all_cohorts).toEqual({
      judged: 2,
      within_7_days: 1,
      within_14_days: 2,
    });
    expect(byKind.message?.cohort).toEqual({ judged: 1, within_7_days: 0, within_14_days: 1 });
  });
});
