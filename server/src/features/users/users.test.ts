import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCohort, createLearner, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const newUser = {
  username: 'newcoach',
  password: 'long enough',
  first_name: 'New',
  last_name: 'Coach',
};

describe('POST /users', () => {
  it('refuses anonymous callers with 401 and learners with 403', async () => {
    const anonymous = await ctx.request({
      method: 'POST',
      url: '/api/users',
      payload: { ...newUser, staff: true },
    });
    expect(anonymous.statusCode).toBe(401);
    const learner = await createLearner(ctx.db);
    const denied = await ctx.request({
      method: 'POST',
      url: '/api/users',
      token: learner.token,
      payload: { ...newUser, staff: true },
    });
    expect(denied.statusCode).toBe(403);
    const count = await ctx.db
      .selectFrom('people')
      .select('id')
      .where('username', '=', 'newcoach')
      .execute();
    expect(count).toHaveLength(0);
  });

  it('lets staff create a learner enrolled in a cohort, who can then sign in', async () => {
    const staff = await createStaff(ctx.db);
    const cohort = await createCohort(ctx.db);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/users',
      token: staff.token,
      payload: {
        username: 'fresh',
        password: 'fresh password',
        first_name: 'Fresh',
        last_name: 'Learner',
        cohort: cohort.id,
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      username: 'fresh',
      name: 'Fresh Learner',
      staff: false,
    });
    const signIn = await ctx.request({
      method: 'POST',
      url: '/api/accounts/verify',
      payload: { username: 'fresh', password: 'fresh password' },
    });
    const profile = (
      await ctx.request({ method: 'GET', url: '/api/profile', token: signIn.json().token })
    ).json();
    expect(profile.current_cohort.id).toBe(cohort.id);
  });

  it('answers 409 for a taken username and 404 for an unknown cohort', async () => {
    const staff = await createStaff(ctx.db);
    await ctx.request({
      method: 'POST',
      url: '/api/users',
      token: staff.token,
      payload: { ...newUser, username: 'taken' },
    });
    const duplicate = await ctx.request({
      method: 'POST',
      url: '/api/users',
      token: staff.token,
      payload: { ...newUser, username: 'TAKEN' },
    });
    expect(duplicate.statusCode).toBe(409);
    const unknown = await ctx.request({
      method: 'POST',
      url: '/api/users',
      token: staff.token,
      payload: { ...newUser, username: 'other', cohort: 999999 },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('names the field on bad input', async () => {
    const staff = await createStaff(ctx.db);
    const short = await ctx.request({
      method: 'POST',
      url: '/api/users',
      token: staff.token,
      payload: { ...newUser, password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('body.password');
    const missing = await ctx.request({
      method: 'POST',
      url: '/api/users',
      token: staff.token,
      payload: { password: 'long enough' },
    });
    expect(missing.json().message).toContain('body.username');
  });
});
