import type { CohortProgress } from '@lp/contract/health';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCohortCourse,
  assignProject,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { weeksOf } from './cohort-progress.service.ts';

// Known assignment histories → the expected weekly series. Cohorts keep the default time zone
// (America/Chicago): a week ends at midnight there, 06:00 UTC in winter; every move is at noon
// UTC, well away from those ends.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.db;
const noon = (day: string) => `${day}T12:00:00.000Z`;

/** A learner of the cohort moved to the first project of each book (numbered from 1) on a day. */
async function learnerWithMoves(
  cohortId: number,
  course: Awaited<ReturnType<typeof createCourse>>,
  moves: Array<[string, number]>,
) {
  const learner = await createLearner(db());
  await enrol(db(), cohortId, learner.id);
  for (const [day, book] of moves)
    await assignProject(db(), learner.id, course.books[book - 1]!.projects[0]!.id, noon(day));
  return learner;
}

async function cohortOf(courseId: number, start: string, end: string) {
  const cohort = await createCohort(db(), { start, end });
  await addCohortCourse(db(), cohort.id, courseId, 0, true);
  return cohort;
}

const get = (id: number | string, token: string | null) =>
  ctx.request({ method: 'GET', url: `/api/cohorts/${id}/health/progress`, token });

const series = (progress: CohortProgress) =>
  progress.weeks.map(({ week, average, learners, earlier_average, earlier_cohorts }) => ({
    week,
    average,
    learners,
    earlier_average,
    earlier_cohorts,
  }));

describe('GET /cohorts/{id}/health/progress', () => {
  it('follows the cohort through its books week by week, against earlier cohorts of its course', async () => {
    const staff = await createStaff(db());
    const course = await createCourse(db(), { books: 3, projectsPerBook: 1 });
    const cohort = await cohortOf(course.id, '2021-01-04', '2021-02-01');
    await learnerWithMoves(cohort.id, course, [
      ['2021-01-05', 1],
      ['2021-01-12', 2],
      ['2021-01-26', 3],
    ]);
    await learnerWithMoves(cohort.id, course, [
      ['2021-01-05', 1],
      ['2021-01-20', 2],
    ]);
    // Not counted: a learner without a project, and one who left before the first week ended.
    await learnerWithMoves(cohort.id, course, []);
    const gone = await learnerWithMoves(cohort.id, course, [['2021-01-05', 3]]);
    await db()
      .updateTable('cohort_memberships')
      .set({ left_at: noon('2021-01-08') })
      .where('person_id', '=', gone.id)
      .execute();

    // Two earlier cohorts of the course; the second ran two weeks only.
    const earlier = await cohortOf(course.id, '2020-01-06', '2020-02-03');
    await learnerWithMoves(earlier.id, course, [
      ['2020-01-07', 1],
      ['2020-01-14', 2],
      ['2020-01-21', 3],
    ]);
    const short = await cohortOf(course.id, '2020-06-01', '2020-06-15');
    await learnerWithMoves(short.id, course, [
      ['2020-06-02', 1],
      ['2020-06-03', 2],
    ]);
    // Neither a later cohort of the course nor an earlier one of another course is compared.
    const later = await cohortOf(course.id, '2022-01-03', '2022-02-01');
    await learnerWithMoves(later.id, course, [['2022-01-04', 3]]);
    const other = await createCourse(db(), { books: 1, projectsPerBook: 1 });
    const elsewhere = await cohortOf(other.id, '2020-01-06', '2020-02-03');
    await learnerWithMoves(elsewhere.id, other, [['2020-01-07', 1]]);

    const response = await get(cohort.id, staff.token);
    expect(response.statusCode).toBe(200);
    const progress: CohortProgress = response.json();
    expect(progress.cohort).toEqual({
      id: cohort.id,
      name: cohort.name,
      start_date: '2021-01-04',
      end_date: '2021-02-01',
    });
    expect(progress.books.map((book) => [book.position, book.name])).toEqual([
      [1, 'Book 1'],
      [2, 'Book 2'],
      [3, 'Book 3'],
    ]);
    expect(progress.earlier_cohorts).toBe(2);
    expect(progress.weeks.map((week) => week.date)).toEqual([
      '2021-01-11',
      '2021-01-18',
      '2021-01-25',
      '2021-02-01',
    ]);
    expect(series(progress)).toEqual([
      { week: 1, average: 1, learners: 2, earlier_average: 1.5, earlier_cohorts: 2 },
      { week: 2, average: 1.5, learners: 2, earlier_average: 2, earlier_cohorts: 2 },
      { week: 3, average: 2, learners: 2, earlier_average: 3, earlier_cohorts: 1 },
      { week: 4, average: 2.5, learners: 2, earlier_average: 3, earlier_cohorts: 1 },
    ]);
  });

  it('has a figure as of now for the week under way, none for later weeks nor without history', async () => {
    const staff = await createStaff(db());
    const course = await createCourse(db(), { books: 2, projectsPerBook: 1 });
    const started = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const ends = new Date(Date.parse(started) + 28 * 86_400_000).toISOString().slice(0, 10);
    const cohort = await cohortOf(course.id, started, ends);
    await learnerWithMoves(cohort.id, course, [[started, 2]]);

    const progress: CohortProgress = (await get(cohort.id, staff.token)).json();
    // Ten days in: week 1 is over, week 2 is under way (its figure as of now), 3 and 4 to come.
    expect(progress.weeks.map((week) => week.average)).toEqual([2, 2, null, null]);
    expect(progress.earlier_cohorts).toBe(0);

    const empty: CohortProgress = (await get((await createCohort(db())).id, staff.token)).json();
    expect(empty.books).toEqual([]);
    expect(empty.weeks.every((week) => week.average === null && week.learners === 0)).toBe(true);
  });

  it('refuses learners, anonymous callers, unknown cohorts and bad ids', async () => {
    const staff = await createStaff(db());
    const cohort = await createCohort(db());
    const learner = await createLearner(db());
    await enrol(db(), cohort.id, learner.id);

    expect((await get(cohort.id, learner.token)).statusCode).toBe(403);
    expect((await get(cohort.id, null)).statusCode).toBe(401);
    const unknown = await get(99999999, staff.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Cohort not found.' });
    const bad = await get('abc', staff.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/);
  });
});

describe('weeksOf', () => {
  it('counts a last partial week, at least one week and at most two years', () => {
    expect(weeksOf('2021-01-04', '2021-02-01')).toBe(4);
    expect(weeksOf('2021-01-04', '2021-02-02')).toBe(5);
    expect(weeksOf('2021-01-04', '2021-01-04')).toBe(1);
    expect(weeksOf('2021-01-04', '2031-01-04')).toBe(104);
  });
});
