import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCohort,
  createCourse,
  createLearner,
  createStaff,
} from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const member = (
  cohortId: number,
  personId: number,
  joinedAt: string,
  leftAt: string | null = null,
) =>
  ctx.db
    .insertInto('cohort_memberships')
    .values({ cohort_id: cohortId, person_id: personId, joined_at: joinedAt, left_at: leftAt })
    .execute();

const assign = (studentId: number, projectId: number, assignedAt: string) =>
  ctx.db
    .insertInto('student_projects')
    .values({ student_id: studentId, project_id: projectId, assigned_at: assignedAt })
    .execute();

describe('GET /courses/{id}/stats', () => {
  it('averages days from the cohort start per project, counting each learner once', async () => {
    const staff = await createStaff(ctx.db);
    const course = await createCourse(ctx.db, { books: 2, projectsPerBook: 2 });
    const [book1] = course.books;
    const [p11, p12] = book1!.projects;
    const january = await createCohort(ctx.db, { start: '2026-01-05', end: '2026-06-05' });
    const march = await createCohort(ctx.db, { start: '2026-03-02', end: '2026-08-02' });

    // Moved from the January cohort to the March cohort on 1 February.
    const mover = await createLearner(ctx.db);
    await member(january.id, mover.id, '2025-12-20T15:00:00Z', '2026-02-01T00:00:00Z');
    await member(march.id, mover.id, '2026-02-01T00:00:00Z');
    await assign(mover.id, p11!.id, '2026-01-15T18:00:00Z'); // January cohort: 10 days
    await assign(mover.id, p12!.id, '2026-03-12T18:00:00Z'); // March cohort: 10 days

    // 03:00 UTC on the 25th is still the 24th in Chicago: 19 days.
    const stayer = await createLearner(ctx.db);
    await member(january.id, stayer.id, '2025-12-28T15:00:00Z');
    await assign(stayer.id, p11!.id, '2026-01-25T03:00:00Z');

    // A staff member trying the project has no cohort and is left out.
    await assign(staff.id, p11!.id, '2026-05-01T18:00:00Z');

    const response = await ctx.request({
      method: 'GET',
      url: `/api/courses/${course.id}/stats`,
      token: staff.token,
    });
    expect(response.statusCode).toBe(200);
    // Book 2 has no assignments yet, so it has no rows.
    expect(response.json()).toEqual({
      data: [
        {
          bookname: book1!.name,
          bookindex: 0,
          projectname: p11!.name,
          projectindex: 0,
          averagestartdelay: 14.5,
        },
        {
          bookname: book1!.name,
          bookindex: 0,
          projectname: p12!.name,
          projectindex: 1,
          averagestartdelay: 10,
        },
      ],
    });
  });

  it('answers an empty list for a course without assignments, 404 for an unknown course', async () => {
    const staff = await createStaff(ctx.db);
    const course = await createCourse(ctx.db, { books: 1 });
    const empty = await ctx.request({
      method: 'GET',
      url: `/api/courses/${course.id}/stats`,
      token: staff.token,
    });
    expect(empty.json()).toEqual({ data: [] });
    const unknown = await ctx.request({
      method: 'GET',
      url: '/api/courses/999999/stats',
      token: staff.token,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('is for staff only', async () => {
    const course = await createCourse(ctx.db, { books: 1 });
    const learner = await createLearner(ctx.db);
    const denied = await ctx.request({
      method: 'GET',
      url: `/api/courses/${course.id}/stats`,
      token: learner.token,
    });
    expect(denied.statusCode).toBe(403);
    const anonymous = await ctx.request({ method: 'GET', url: `/api/courses/${course.id}/stats` });
    expect(anonymous.statusCode).toBe(401);
  });
});
