import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMembershipOf, currentProjectOf } from '../../../test/calendar-factories.ts';
import {
  addCoach,
  addCohortCourse,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const assign = (id: number, token: string | null, query = '', payload?: object) =>
  ctx.request({ method: 'POST', url: `/api/cohorts/${id}/assign${query}`, token, payload });
const unassign = (id: number, token: string | null, query = '', payload?: object) =>
  ctx.request({ method: 'DELETE', url: `/api/cohorts/${id}/assign${query}`, token, payload });
const isInstructor = async (id: number, token: string) =>
  (await ctx.request({ method: 'GET', url: `/api/cohorts/${id}`, token })).json().is_instructor;

/** A cohort with a client course (active, index 0) and a server course (index 1). */
async function cohortWithCourses() {
  const cohort = await createCohort(ctx.db);
  const client = await createCourse(ctx.db, { name: 'Client' });
  const server = await createCourse(ctx.db, { name: 'Server' });
  await addCohortCourse(ctx.db, cohort.id, client.id, 0, true);
  await addCohortCourse(ctx.db, cohort.id, server.id, 1, false);
  return { cohort, client, server };
}

describe('Join and Leave as instructor', () => {
  it('lets a staff member coach several cohorts and leave them again', async () => {
    const staff = await createStaff(ctx.db);
    const first = await createCohort(ctx.db);
    const second = await createCohort(ctx.db);
    const joined = await assign(first.id, staff.token, '?userType=instructor');
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toEqual({ message: 'User assigned to cohort' });
    expect((await assign(second.id, staff.token, '?userType=instructor')).statusCode).toBe(201);
    expect(await isInstructor(first.id, staff.token)).toBe(1);
    expect(await isInstructor(second.id, staff.token)).toBe(1);

    const again = await assign(first.id, staff.token, '?userType=instructor');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already an instructor');

    expect((await unassign(first.id, staff.token, '?userType=instructor')).statusCode).toBe(204);
    expect(await isInstructor(first.id, staff.token)).toBe(0);
    expect(await isInstructor(second.id, staff.token)).toBe(1);
    const notCoach = await unassign(first.id, staff.token, '?userType=instructor');
    expect(notCoach.statusCode).toBe(409);
  });

  it('refuses learners (403), anonymous callers (401) and unknown cohorts (404)', async () => {
    const learner = await createLearner(ctx.db);
    const staff = await createStaff(ctx.db);
    const cohort = await createCohort(ctx.db);
    expect((await assign(cohort.id, learner.token, '?userType=instructor')).statusCode).toBe(403);
    expect((await assign(cohort.id, null, '?userType=instructor')).statusCode).toBe(401);
    expect((await assign(999999, staff.token, '?userType=instructor')).statusCode).toBe(404);
    expect((await unassign(999999, staff.token, '?userType=instructor')).statusCode).toBe(404);
    const coaches = await ctx.db
      .selectFrom('cohort_coaches')
      .select('person_id')
      .where('cohort_id', '=', cohort.id)
      .execute();
    expect(coaches).toEqual([]);
  });
});

describe('adding and removing learners', () => {
  it('enrols a learner without a cohort and gives them the first project', async () => {
    const staff = await createStaff(ctx.db);
    const { cohort } = await cohortWithCourses();
    const learner = await createLearner(ctx.db);
    const response = await assign(cohort.id, staff.token, '', { person_id: learner.id });
    expect(response.statusCode).toBe(201);
    expect(await currentMembershipOf(ctx.db, learner.id)).toEqual({ cohort_id: cohort.id });
    expect(await currentProjectOf(ctx.db, learner.id)).toMatchObject({ name: 'Project 1.1' });
    const listed = await ctx.request({
      method: 'GET',
      url: `/api/cohorts/${cohort.id}`,
      token: staff.token,
    });
    expect(listed.json().students).toBe(1);
  });

  it('answers a clear 409 for a learner in another cohort and leaves them there', async () => {
    const staff = await createStaff(ctx.db);
    const home = await createCohort(ctx.db);
    const target = await createCohort(ctx.db, { name: 'Target Cohort' });
    const learner = await createLearner(ctx.db, { firstName: 'Tess', lastName: 'Mover' });
    await enrol(ctx.db, home.id, learner.id);
    const response = await assign(target.id, staff.token, '', { person_id: learner.id });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Tess Mover is already in another cohort. Use Transfer Student to move them to Target Cohort.',
    );
    expect(await currentMembershipOf(ctx.db, learner.id)).toEqual({ cohort_id: home.id });
    const twice = await assign(home.id, staff.token, '', { person_id: learner.id });
    expect(twice.statusCode).toBe(409);
  });

  it('checks the caller, the body and the ids', async () => {
    const staff = await createStaff(ctx.db);
    const learner = await createLearner(ctx.db);
    const other = await createLearner(ctx.db);
    const cohort = await createCohort(ctx.db);
    const denied = await assign(cohort.id, learner.token, '', { person_id: other.id });
    expect(denied.statusCode).toBe(403);
    expect(await currentMembershipOf(ctx.db, other.id)).toBeUndefined();
    const missing = await assign(cohort.id, staff.token, '', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('body.person_id is required');
    const wrongType = await assign(cohort.id, staff.token, '', { person_id: 'x' });
    expect(wrongType.statusCode).toBe(400);
    expect((await assign(cohort.id, staff.token, '', { person_id: 999999 })).statusCode).toBe(404);
    expect((await assign(999999, staff.token, '', { person_id: other.id })).statusCode).toBe(404);
    const coach = await assign(cohort.id, staff.token, '', { person_id: staff.id });
    expect(coach.statusCode).toBe(400);
    expect(coach.json().message).toContain('staff');
  });

  it('ends a learner’s membership with DELETE {student_id}', async () => {
    const staff = await createStaff(ctx.db);
    const cohort = await createCohort(ctx.db);
    const learner = await createLearner(ctx.db);
    await enrol(ctx.db, cohort.id, learner.id);
    const denied = await unassign(cohort.id, learner.token, '', { student_id: learner.id });
    expect(denied.statusCode).toBe(403);
    const missing = await unassign(cohort.id, staff.token, '', {});
    expect(missing.json().message).toBe('body.student_id is required');
    expect(
      (await unassign(cohort.id, staff.token, '', { student_id: learner.id })).statusCode,
    ).toBe(204);
    expect(await currentMembershipOf(ctx.db, learner.id)).toBeUndefined();
    const again = await unassign(cohort.id, staff.token, '', { student_id: learner.id });
    expect(again.statusCode).toBe(409);
  });
});

describe('PUT /cohorts/{id}/migrate', () => {
  it('moves every learner to the first server-side project and makes that course active', async () => {
    const staff = await createStaff(ctx.db);
    const { cohort, server } = await cohortWithCourses();
    const learners = [await createLearner(ctx.db), await createLearner(ctx.db)];
    for (const learner of learners)
      await assign(cohort.id, staff.token, '', { person_id: learner.id });
    const coach = await createStaff(ctx.db);
    await addCoach(ctx.db, cohort.id, coach.id);

    const response = await ctx.request({
      method: 'PUT',
      url: `/api/cohorts/${cohort.id}/migrate`,
      token: staff.token,
    });
    expect(response.statusCode).toBe(204);
    const firstServerProject = server.books[0]?.projects[0];
    for (const learner of learners) {
      expect(await currentProjectOf(ctx.db, learner.id)).toMatchObject({
        id: firstServerProject?.id,
      });
    }
    expect(await currentProjectOf(ctx.db, coach.id)).toBeUndefined();
    const card = (
      await ctx.request({ method: 'GET', url: `/api/cohorts/${cohort.id}`, token: staff.token })
    ).json();
    expect(card.courses.map((course: { active: boolean }) => course.active)).toEqual([false, true]);

    const twice = await ctx.request({
      method: 'PUT',
      url: `/api/cohorts/${cohort.id}/migrate`,
      token: staff.token,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      'Could not find an active client side course for this cohort',
    );
  });

  it('changes nothing when the server course has no project, and refuses learners', async () => {
    const staff = await createStaff(ctx.db);
    const cohort = await createCohort(ctx.db);
    const client = await createCourse(ctx.db);
    const empty = await createCourse(ctx.db, { books: 0 });
    await addCohortCourse(ctx.db, cohort.id, client.id, 0, true);
    await addCohortCourse(ctx.db, cohort.id, empty.id, 1, false);
    const learner = await createLearner(ctx.db);
    await assign(cohort.id, staff.token, '', { person_id: learner.id });

    const denied = await ctx.request({
      method: 'PUT',
      url: `/api/cohorts/${cohort.id}/migrate`,
      token: learner.token,
    });
    expect(denied.statusCode).toBe(403);
    const failed = await ctx.request({
      method: 'PUT',
      url: `/api/cohorts/${cohort.id}/migrate`,
      token: staff.token,
    });
    expect(failed.statusCode).toBe(409);
    expect(await currentProjectOf(ctx.db, learner.id)).toMatchObject({ name: 'Project 1.1' });
    const courses = await ctx.db
      .selectFrom('cohort_courses')
      .select(['index', 'active'])
      .where('cohort_id', '=', cohort.id)
      .orderBy('index')
      .execute();
    expect(courses).toEqual([
      { index: 0, active: true },
      { index: 1, active: false },
    ]);
    const unknown = await ctx.request({
      method: 'PUT',
      url: '/api/cohorts/999999/migrate',
      token: staff.token,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
