import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
  leaveCohort,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let courses: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  courses = [
    (await createCourse(ctx.db, { name: 'Client Side' })).id,
    (await createCourse(ctx.db, { name: 'Server Side' })).id,
  ];
});
afterAll(() => ctx.close());

/** A cohort as staff create it: both courses, its links, and its creator joined as a coach. */
async function createdByStaff(token: string, name: string) {
  const created = await ctx.request({
    method: 'POST',
    url: '/api/cohorts',
    token,
    payload: {
      name,
      startDate: '2026-01-05',
      endDate: '2026-07-10',
      orgURL: 'https://github.com/day-cohort-81',
      slackChannel: 'C0REMOVAL',
      clientSide: courses[0],
      serverSide: courses[1],
    },
  });
  expect(created.statusCode).toBe(201);
  const id = (created.json() as { id: number }).id;
  const joined = await ctx.request({
    method: 'POST',
    url: `/api/cohorts/${id}/assign?userType=instructor`,
    token,
  });
  expect(joined.statusCode).toBe(201);
  return id;
}

const rowsOf = async (id: number) => ({
  cohorts: (await ctx.db.selectFrom('cohorts').select('id').where('id', '=', id).execute()).length,
  courses: (
    await ctx.db.selectFrom('cohort_courses').select('id').where('cohort_id', '=', id).execute()
  ).length,
  info: (await ctx.db.selectFrom('cohort_info').select('id').where('cohort_id', '=', id).execute())
    .length,
  coaches: (
    await ctx.db
      .selectFrom('cohort_coaches')
      .select('person_id')
      .where('cohort_id', '=', id)
      .execute()
  ).length,
});

describe('DELETE /cohorts/{id}', () => {
  it('removes a cohort no learner was ever in, with its courses, links and coaches', async () => {
    const staff = await createStaff(ctx.db);
    const id = await createdByStaff(staff.token, 'Day Cohort 81');
    expect(await rowsOf(id)).toEqual({ cohorts: 1, courses: 2, info: 1, coaches: 1 });
    const removed = await ctx.request({
      method: 'DELETE',
      url: `/api/cohorts/${id}`,
      token: staff.token,
    });
    expect(removed.statusCode).toBe(204);
    expect(await rowsOf(id)).toEqual({ cohorts: 0, courses: 0, info: 0, coaches: 0 });
    const gone = await ctx.request({
      method: 'GET',
      url: `/api/cohorts/${id}`,
      token: staff.token,
    });
    expect(gone.statusCode).toBe(404);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity', '=', 'cohort')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'delete']);
    expect(audit.at(-1)?.actor_id).toBe(staff.id);
  });

  it('keeps a cohort that has had a learner, even one who left, and says what to do', async () => {
    const staff = await createStaff(ctx.db);
    const learner = await createLearner(ctx.db);
    const cohort = await createCohort(ctx.db, { name: 'Day Cohort 82' });
    await enrol(ctx.db, cohort.id, learner.id);
    await leaveCohort(ctx.db, learner.id);
    const refused = await ctx.request({
      method: 'DELETE',
      url: `/api/cohorts/${cohort.id}`,
      token: staff.token,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Day Cohort 82 has had learners: make it inactive instead.',
    );
    expect((await rowsOf(cohort.id)).cohorts).toBe(1);
  });

  it('refuses anonymous callers (401) and learners (403); 404 for an unknown cohort, 400 for a bad id', async () => {
    const staff = await createStaff(ctx.db);
    const learner = await createLearner(ctx.db);
    const id = await createdByStaff(staff.token, 'Day Cohort 83');
    const anonymous = await ctx.request({ method: 'DELETE', url: `/api/cohorts/${id}` });
    expect(anonymous.statusCode).toBe(401);
    const denied = await ctx.request({
      method: 'DELETE',
      url: `/api/cohorts/${id}`,
      token: learner.token,
    });
    expect(denied.statusCode).toBe(403);
    expect((await rowsOf(id)).cohorts).toBe(1);
    const unknown = await ctx.request({
      method: 'DELETE',
      url: '/api/cohorts/999999',
      token: staff.token,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await ctx.request({
      method: 'DELETE',
      url: '/api/cohorts/abc',
      token: staff.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('id');
  });
});
