import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLearner, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { initials } from './foundations.policy.ts';

const SECRET = 'exercise-site-secret-0123456789';
let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
let learner: Awaited<ReturnType<typeof createLearner>>;

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const upload = (slug: string, payload: Record<string, unknown>, secret: string | null = SECRET) =>
  ctx.request({
    method: 'PUT',
    url: `/api/foundations/${slug}`,
    payload,
    headers: secret ? { authorization: `Bearer ${secret}` } : {},
  });

const list = (query = '', token: string | null = staff.token) =>
  ctx.request({ method: 'GET', url: `/api/foundations${query}`, token });

beforeAll(async () => {
  ctx = await createTestContext({ foundationsUploadSecret: SECRET });
  staff = await createStaff(ctx.db);
  learner = await createLearner(ctx.db);
  const base = { attempts: 2, solutionShown: false };
  await upload('variables-intro', {
    ...base,
    userId: '5001',
    username: 'Keisha Moore',
    title: 'Variables',
    completed: true,
    firstAttempt: hoursAgo(30),
    lastAttempt: hoursAgo(2),
    completedAt: hoursAgo(2),
    completedCode: "{'code': 'secret answer'}",
  });
  await upload('arrays-intro', {
    ...base,
    userId: '5001',
    username: 'Keisha Moore',
    title: 'Arrays',
    completed: false,
    firstAttempt: hoursAgo(3),
    lastAttempt: hoursAgo(1),
  });
  await upload('variables-intro', {
    ...base,
    userId: '5002',
    username: 'Dev Kapoor',
    title: 'Variables',
    completed: true,
    solutionShown: true,
    firstAttempt: hoursAgo(5),
    lastAttempt: hoursAgo(4),
  });
  // Tried long ago: outside the default 90-day window.
  await upload('functions-intro', {
    ...base,
    userId: '5003',
    username: 'Old Timer',
    title: 'Functions',
    firstAttempt: '2020-01-01T10:00:00Z',
    lastAttempt: '2020-01-02T10:00:00Z',
  });
  await ctx.request({
    method: 'PUT',
    url: '/api/foundations/assigncohort',
    token: staff.token,
    payload: { userId: '5001', cohortType: 'Day', cohortNumber: 74 },
  });
});
afterAll(() => ctx.close());

describe('GET /foundations', () => {
  it('gives staff every recent learner with names, GitHub ids, cohorts and exercises, never code', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.map((row: { learner_github_id: string }) => row.learner_github_id)).toEqual([
      '5001',
      '5002',
    ]);
    expect(body[0]).toMatchObject({ learner_name: 'Keisha Moore', cohort: 'Day 74' });
    expect(body[1]).toMatchObject({ learner_name: 'Dev Kapoor', cohort: 'day 0' });
    expect(body[0].exercises).toHaveLength(2);
    expect(body[0].exercises[0]).toEqual({
      id: expect.any(Number),
      title: 'Variables',
      complete: true,
      attempts: 2,
      first_attempt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      last_attempt: expect.any(String),
      used_solution: false,
    });
    expect(response.body).not.toContain('secret answer');
    expect(response.body).not.toContain('completed_code');
  });

  it('filters by learner name and by the last attempt day', async () => {
    const byName = (await list('?learnerName=kEISHA')).json();
    expect(byName.map((row: { learner_name: string }) => row.learner_name)).toEqual([
      'Keisha Moore',
    ]);
    const old = (await list('?lastAttempt=2019-12-31')).json();
    expect(old.map((row: { learner_name: string }) => row.learner_name)).toContain('Old Timer');
    expect((await list('?learnerName=%25')).json()).toEqual([]);
  });

  it('shows signed-out callers and learners initials only, without GitHub ids', async () => {
    for (const token of [null, learner.token]) {
      const response = await list('', token);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.map((row: { learner_name: string }) => row.learner_name)).toEqual([
        'K. M.',
        'D. K.',
      ]);
      expect(
        body.every((row: { learner_github_id: unknown }) => row.learner_github_id === null),
      ).toBe(true);
      expect(response.body).not.toContain('Keisha');
      expect(response.body).not.toContain('5001');
      // The name filter cannot probe for full names.
      expect((await list('?learnerName=Keisha', token)).json()).toEqual([]);
      expect((await list('?learnerName=k. m', token)).json()).toHaveLength(1);
    }
  });

  it('refuses a malformed date with a 400 naming the field', async () => {
    const response = await list('?lastAttempt=yesterday');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('lastAttempt');
  });
});

describe('PUT /foundations/assigncohort', () => {
  const assign = (payload: Record<string, unknown>, token: string | null = staff.token) =>
    ctx.request({ method: 'PUT', url: '/api/foundations/assigncohort', token, payload });

  it('lets staff assign a Day or Evening cohort, keeping the name, with an audit row', async () => {
    const response = await assign({ userId: '5002', cohortType: 'Evening', cohortNumber: 19 });
    expect(response.statusCode).toBe(204);
    const row = (await list()).json()[1];
    expect(row).toMatchObject({ learner_name: 'Dev Kapoor', cohort: 'Evening 19' });
    const log = await ctx.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action'])
      .where('entity', '=', 'foundations_learner_profile')
      .where('entity_id', '=', '5002')
      .execute();
    expect(log).toEqual([{ actor_id: staff.id, action: 'assign-cohort' }]);
  });

  it('refuses anonymous callers (401) and learners (403) and changes nothing', async () => {
    const payload = { userId: '5001', cohortType: 'Evening', cohortNumber: 3 };
    expect((await assign(payload, null)).statusCode).toBe(401);
    expect((await assign(payload, learner.token)).statusCode).toBe(403);
    expect((await list()).json()[0].cohort).toBe('Day 74');
  });

  it('answers 400 naming the field for bad input and 404 for an unknown learner', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ cohortType: 'Day', cohortNumber: 1 }, 'userId'],
      [{ userId: '5001', cohortType: 'Night', cohortNumber: 1 }, 'cohortType'],
      [{ userId: '5001', cohortType: 'Day' }, 'cohortNumber'],
      [{ userId: '5001', cohortType: 'Day', cohortNumber: 0 }, 'cohortNumber'],
      [{ userId: 'abc', cohortType: 'Day', cohortNumber: 1 }, 'userId'],
    ];
    for (const [payload, field] of cases) {
      const response = await assign(payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().message).toContain(field);
    }
    const unknown = await assign({ userId: '999999', cohortType: 'Day', cohortNumber: 1 });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PUT /foundations/{slug} (exercise site upload)', () => {
  it('refuses a missing or wrong secret (401) before reading the body, and stores nothing', async () => {
    const payload = {
      userId: '7001',
      username: 'Intruder',
      title: 'Hack',
      lastAttempt: hoursAgo(1),
    };
    expect((await upload('hack', payload, null)).statusCode).toBe(401);
    expect((await upload('hack', payload, 'wrong-secret-0123456789')).statusCode).toBe(401);
    expect((await upload('hack', {}, 'wrong-secret-0123456789')).statusCode).toBe(401);
    const rows = await ctx.db
      .selectFrom('foundations_exercises')
      .select('id')
      .where('learner_github_id', '=', '7001')
      .execute();
    expect(rows).toEqual([]);
  });

  it('reads FOUNDATIONS_UPLOAD_SECRET and refuses a short one by name', () => {
    expect(loadConfig({}).foundationsUploadSecret).toBeNull();
    expect(loadConfig({ FOUNDATIONS_UPLOAD_SECRET: SECRET }).foundationsUploadSecret).toBe(SECRET);
    expect(() => loadConfig({ FOUNDATIONS_UPLOAD_SECRET: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ FOUNDATIONS_UPLOAD_SECRET: 'short' })).toThrow(
      /FOUNDATIONS_UPLOAD_SECRET/,
    );
  });

  it('answers 503 when this server has no upload secret', async () => {
    const bare = await createTestContext();
    try {
      const response = await bare.request({
        method: 'PUT',
        url: '/api/foundations/variables-intro',
        payload: { userId: '1' },
        headers: { authorization: 'Bearer anything-at-all-here' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe('Foundations uploads are not configured');
    } finally {
      await bare.close();
    }
  });

  it('answers 400 naming the field for bad bodies, never 500', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['variables-intro', { username: 'No Id' }, 'userId'],
      ['variables-intro', { userId: '1', attempts: -1 }, 'attempts'],
      ['variables-intro', { userId: '1', completed: 'maybe' }, 'completed'],
      ['variables-intro', { userId: '1', firstAttempt: 'not a date' }, 'firstAttempt'],
      ['variables-intro', { userId: '1', lastAttempt: '2024-13-45T99:00:00Z' }, 'lastAttempt'],
      ['Bad Slug!', { userId: '1' }, 'slug'],
    ];
    for (const [slug, payload, field] of cases) {
      const response = await upload(encodeURIComponent(slug), payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().message).toContain(field);
    }
  });

  it('creates the profile once, overwrites the exercise on a new upload, and defaults the rest', async () => {
    expect(
      (await upload('objects-voting', { userId: '8001', username: 'First Name', lastAttempt: '' }))
        .statusCode,
    ).toBe(204);
    const again = await upload('objects-voting', {
      userId: '8001',
      username: 'Renamed',
      title: 'Objects: Voting',
      attempts: 4,
      completed: true,
      lastAttempt: hoursAgo(1),
    });
    expect(again.statusCode).toBe(204);
    const rows = await ctx.db
      .selectFrom('foundations_exercises')
      .selectAll()
      .where('learner_github_id', '=', '8001')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'Objects: Voting', attempts: 4, complete: true });
    expect(rows[0]?.used_solution).toBe(false);
    const profile = await ctx.db
      .selectFrom('foundations_learner_profiles')
      .selectAll()
      .where('learner_github_id', '=', '8001')
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({
      learner_name: 'First Name',
      cohort_type: 'day',
      cohort_number: 0,
    });
  });
});

describe('initials', () => {
  it('reduces a name to initials', () => {
    expect(initials('Keisha Moore')).toBe('K. M.');
    expect(initials('  tomás  herrera ')).toBe('T. H.');
    expect(initials('')).toBe('?');
  });
});
