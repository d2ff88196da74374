import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLearner, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

const SECRET = 'exercise-site-secret-0123456789';
let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
let learner: Awaited<ReturnType<typeof createLearner>>;

beforeAll(async () => {
  ctx = await createTestContext({ foundationsUploadSecret: SECRET });
  staff = await createStaff(ctx.db);
  learner = await createLearner(ctx.db);
});
afterAll(() => ctx.close());

/** An exercise as the exercise site uploads it: the learner gets a profile ('day 0'). */
const uploaded = (userId: string, username: string) =>
  ctx.request({
    method: 'PUT',
    url: '/api/foundations/variables-intro',
    headers: { authorization: `Bearer ${SECRET}` },
    payload: {
      userId,
      username,
      title: 'Variables',
      attempts: 1,
      completed: false,
      lastAttempt: new Date().toISOString(),
    },
  });

const assign = (userId: string) =>
  ctx.request({
    method: 'PUT',
    url: '/api/foundations/assigncohort',
    token: staff.token,
    payload: { userId, cohortType: 'Day', cohortNumber: 75 },
  });

const unassign = (userId: string, token: string | null = staff.token) =>
  ctx.request({ method: 'DELETE', url: `/api/foundations/assigncohort/${userId}`, token });

async function cohortOf(userId: string) {
  const rows = (
    await ctx.request({ method: 'GET', url: '/api/foundations', token: staff.token })
  ).json() as { learner_github_id: string; cohort: string }[];
  return rows.find((row) => row.learner_github_id === userId)?.cohort;
}

const profileOf = (userId: string) =>
  ctx.db
    .selectFrom('foundations_learner_profiles')
    .select(['learner_name', 'cohort_type', 'cohort_number'])
    .where('learner_github_id', '=', userId)
    .executeTakeFirst();

describe('DELETE /foundations/assigncohort/{userId}', () => {
  it("puts an uploaded learner's profile back as it was before the assignment", async () => {
    expect((await uploaded('6001', 'Ana Lima')).statusCode).toBe(204);
    const before = await profileOf('6001');
    expect((await assign('6001')).statusCode).toBe(204);
    expect(await cohortOf('6001')).toBe('Day 75');
    expect((await unassign('6001')).statusCode).toBe(204);
    expect(await profileOf('6001')).toEqual(before);
    expect(await cohortOf('6001')).toBe(`${before?.cohort_type} ${before?.cohort_number}`);
    const log = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity', '=', 'foundations_learner_profile')
      .where('entity_id', '=', '6001')
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { action: 'assign-cohort', actor_id: staff.id },
      { action: 'unassign-cohort', actor_id: staff.id },
    ]);
  });

  it('removes the profile an assignment made, so the learner is Unassigned again', async () => {
    await ctx.db
      .insertInto('foundations_exercises')
      .values({
        learner_github_id: '6002',
        learner_name: 'Bo Chen',
        slug: 'hello-world',
        last_attempt: new Date(),
      })
      .execute();
    expect(await cohortOf('6002')).toBe('Unassigned');
    expect((await assign('6002')).statusCode).toBe(204);
    expect((await unassign('6002')).statusCode).toBe(204);
    expect(await profileOf('6002')).toBeUndefined();
    expect(await cohortOf('6002')).toBe('Unassigned');
  });

  it('refuses anonymous callers (401) and learners (403); 404 without a cohort, 400 for a bad id', async () => {
    await uploaded('6003', 'Cy Diaz');
    await assign('6003');
    expect((await unassign('6003', null)).statusCode).toBe(401);
    expect((await unassign('6003', learner.token)).statusCode).toBe(403);
    expect(await cohortOf('6003')).toBe('Day 75');
    expect((await unassign('6003')).statusCode).toBe(204);
    const again = await unassign('6003');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toContain('Learner');
    const bad = await unassign('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('userId');
  });
});
