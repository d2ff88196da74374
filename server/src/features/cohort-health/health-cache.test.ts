import { ASSESSMENT_STATUS } from '@lp/contract/constants';
import type { CohortHealth } from '@lp/contract/health';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addCohortCourse,
  assignProject,
  createAssessment,
  createCohort,
  createCourse,
  createLearner,
  createObjective,
  createStaff,
  enrol,
  recordObjective,
  startAssessment,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { otherConnection } from '../../../test/other-connection.ts';
import type { Database } from '../../db/schema.ts';
import { cohortHealth } from './cohort-health.service.ts';

// A cohort's health is answered from memory while nothing it reads has changed (cached reads on
// the change feed); a change made by this process shows at once, one made by another connection
// as soon as the feed hears it, and the days still count up to now.

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
/** Writes the way another server process would (test/other-connection.ts). */
let elsewhere: Kysely<Database>;
let closeElsewhere = async () => {};

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
  ({ db: elsewhere, close: closeElsewhere } = await otherConnection(ctx));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await closeElsewhere();
  await ctx.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// One moment for the whole file, so that spans between two instants are whole days exactly.
const start = Date.now();
const daysAgo = (days: number) => new Date(start - days * DAY - HOUR).toISOString();

async function getHealth(cohortId: number): Promise<CohortHealth> {
  const answer = await ctx.request({
    method: 'GET',
    url: `/api/cohorts/${cohortId}/health`,
    token: staff.token,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

/** A cohort on a course of two books, with a learner on its first project three days ago. */
async function cohortWithLearner(name = 'Kept') {
  const cohort = await createCohort(ctx.db);
  const course = await createCourse(ctx.db, { books: 2, projectsPerBook: 2 });
  await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
  const learner = await createLearner(ctx.db, { firstName: name, lastName: 'Test' });
  await enrol(ctx.db, cohort.id, learner.id);
  const first = course.books[0]!.projects[0]!;
  await assignProject(ctx.db, learner.id, first.id, daysAgo(3));
  return { cohort, course, learner, first };
}

/** The statements of a health read that go to the database. */
function watchHealthStatements() {
  const statements = vi.spyOn(ctx.db, 'executeQuery');
  return () =>
    statements.mock.calls.filter(([query]) =>
      /for its health|Pace history/.test('sql' in query ? query.sql : ''),
    ).length;
}

/**
 * Reads until a read needs no statement: the set-up's own notifications may reach the listener
 * after its first reads, and each makes the next read ask again.
 */
async function untilAnsweredFromMemory(cohortId: number) {
  await expect
    .poll(async () => {
      const count = watchHealthStatements();
      await getHealth(cohortId);
      const asked = count();
      vi.restoreAllMocks();
      return asked;
    })
    .toBe(0);
}

const learnerOf = (report: CohortHealth, id: number) =>
  report.learners.find((learner) => learner.student_id === id);

describe('cohort health kept in memory', () => {
  it('answers an unchanged cohort without asking the database, counting days up to now', async () => {
    const { cohort, learner } = await cohortWithLearner();
    const first = await getHealth(cohort.id);
    expect(learnerOf(first, learner.id)?.project?.days).toBe(3);
    await untilAnsweredFromMemory(cohort.id);

    const count = watchHealthStatements();
    const answer = (etag?: string) =>
      ctx.request({
        method: 'GET',
        url: `/api/cohorts/${cohort.id}/health`,
        token: staff.token,
        headers: etag ? { 'if-none-match': etag } : {},
      });
    const today = String((await answer()).headers.etag);
    expect((await answer(today)).statusCode).toBe(304);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * DAY });
    const later = await answer(today);
    expect(later.statusCode).toBe(200);
    expect(later.headers.etag).not.toBe(today);
    expect(learnerOf(later.json(), learner.id)).toMatchObject({
      project: { days: 5 },
      book: { days: 5 },
      days_inactive: 5,
    });
    expect(learnerOf(await cohortHealth(ctx.app, cohort.id), learner.id)).toMatchObject({
      project: { days: 5 },
    });
    expect(count()).toBe(0);
  });

  it('answers 304 to an unchanged report and 200 with a new ETag after a change', async () => {
    const { cohort, course, learner } = await cohortWithLearner();
    const get = (etag?: string) =>
      ctx.request({
        method: 'GET',
        url: `/api/cohorts/${cohort.id}/health`,
        token: staff.token,
        headers: etag ? { 'if-none-match': etag } : {},
      });
    const first = await get();
    const etag = String(first.headers.etag);
    expect((await get(etag)).statusCode).toBe(304);

    await assignProject(ctx.db, learner.id, course.books[1]!.projects[0]!.id);
    const moved = await get(etag);
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).not.toBe(etag);
    expect(learnerOf(moved.json(), learner.id)?.book).toMatchObject({ name: 'Book 2', days: 0 });
  });

  it('shows a self-assessment that became Ready for Review at once, here or elsewhere', async () => {
    const { cohort, course, learner } = await cohortWithLearner();
    const other = await createLearner(ctx.db, { firstName: 'Other', lastName: 'Test' });
    await enrol(ctx.db, cohort.id, other.id);
    await assignProject(ctx.db, other.id, course.books[0]!.projects[0]!.id, daysAgo(3));
    const assessment = await createAssessment(ctx.db, course.books[0]!.id, { name: 'Numbers' });
    const mine = await startAssessment(ctx.db, learner.id, assessment.id, 1);
    expect((await getHealth(cohort.id)).review_queue).toEqual([]);
    await untilAnsweredFromMemory(cohort.id);

    await ctx.db
      .updateTable('student_assessments')
      .set({ status_id: ASSESSMENT_STATUS.readyForReview, status_changed_at: daysAgo(4) })
      .where('id', '=', mine.id)
      .execute();
    const report = await getHealth(cohort.id);
    expect(report.review_queue).toMatchObject([
      { student_id: learner.id, assessment: 'Numbers', waiting_days: 4 },
    ]);
    expect(report.at_risk).toEqual([
      {
        student_id: learner.id,
        name: 'Kept Test',
        level: 'watch',
        evidence: 2,
        reasons: ['Numbers waiting for review for 4 days'],
      },
    ]);

    await untilAnsweredFromMemory(cohort.id);
    await startAssessment(elsewhere, other.id, assessment.id, ASSESSMENT_STATUS.readyForReview);
    await expect
      .poll(async () => (await getHealth(cohort.id)).review_queue.map((entry) => entry.name))
      .toEqual(['Kept Test', 'Other Test']);
  });

  it("updates the cohort's objectives median when objectives are achieved", async () => {
    const { cohort, learner } = await cohortWithLearner('Behind');
    const ahead = await createLearner(ctx.db, { firstName: 'Ahead', lastName: 'Test' });
    const third = await createLearner(ctx.db, { firstName: 'Third', lastName: 'Test' });
    for (const person of [ahead, third]) await enrol(ctx.db, cohort.id, person.id);
    const objectives = await Promise.all([1, 2, 3, 4].map(() => createObjective(ctx.db)));
    for (const objective of objectives) await recordObjective(ctx.db, ahead.id, objective.id, true);
    expect((await getHealth(cohort.id)).objectives_median).toBe(0);
    await untilAnsweredFromMemory(cohort.id);

    for (const objective of objectives.slice(0, 3))
      await recordObjective(elsewhere, third.id, objective.id, true);
    await expect.poll(async () => (await getHealth(cohort.id)).objectives_median).toBe(3);
    const behind = learnerOf(await getHealth(cohort.id), learner.id);
    expect(behind?.flags.map((flag) => flag.reason)).toEqual([
      "0 learning objectives achieved; the cohort's median is 3",
    ]);
  });

  it('shows a new core skill rating, a course added to the cohort and its new book', async () => {
    const { cohort, learner } = await cohortWithLearner();
    await getHealth(cohort.id);
    await untilAnsweredFromMemory(cohort.id);

    await elsewhere
      .insertInto('core_skill_records')
      .values({ student_id: learner.id, skill_id: 4, level: 1 })
      .execute();
    await expect
      .poll(async () =>
        learnerOf(await getHealth(cohort.id), learner.id)?.flags.map((flag) => flag.reason),
      )
      .toEqual([`Core skills at or below ${ctx.config.health.coreSkillLevel}: Communication 1`]);

    await untilAnsweredFromMemory(cohort.id);
    const added = await createCourse(ctx.db, { books: 1, projectsPerBook: 1 });
    await addCohortCourse(elsewhere, cohort.id, added.id, 1, false);
    await expect.poll(async () => (await getHealth(cohort.id)).books).toHaveLength(3);

    await untilAnsweredFromMemory(cohort.id);
    await elsewhere
      .insertInto('books')
      .values({ course_id: added.id, name: 'Appendix', index: 1 })
      .execute();
    await expect
      .poll(async () => (await getHealth(cohort.id)).books.map((book) => book.name))
      .toEqual(['Book 1', 'Book 2', 'Book 1', 'Appendix']);
  });

  it('counts a finished project of a learner in no cohort in the pace history', async () => {
    const { cohort, course, learner, first } = await cohortWithLearner();
    const second = course.books[0]!.projects[1]!;
    const pastLearner = async () => {
      const past = await createLearner(ctx.db);
      await assignProject(ctx.db, past.id, first.id, daysAgo(40));
      return past;
    };
    const done = await pastLearner();
    await assignProject(ctx.db, done.id, second.id, daysAgo(38));
    const later = await pastLearner();
    const history = async () => learnerOf(await getHealth(cohort.id), learner.id)?.project?.history;
    expect(await history()).toEqual({ past_learners: 1, median_days: 2, slow_days: 2 });
    await untilAnsweredFromMemory(cohort.id);

    // Nobody's board shows this learner, so only the pace history's own announcement tells.
    await assignProject(elsewhere, later.id, second.id, daysAgo(36));
    // The 90th percentile (HEALTH_PACE_PERCENTILE's default) of 2 and 4 days.
    await expect.poll(history).toEqual({ past_learners: 2, median_days: 3, slow_days: 3.8 });
  });
});
