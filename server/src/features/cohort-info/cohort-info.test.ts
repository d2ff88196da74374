import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCohort, createLearner, createStaff, enrol } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const urls = {
  attendance_sheet_url: 'https://docs.example.com/sheet',
  github_classroom_url: 'https://classroom.github.com/c/1',
  student_organization_url: 'https://github.com/day-cohort-90',
};

async function cohortWithInfo() {
  const staff = await createStaff(ctx.db);
  const cohort = await createCohort(ctx.db);
  const created = await ctx.request({
    method: 'POST',
    url: '/api/cohortinfo',
    token: staff.token,
    payload: { cohort: cohort.id, ...urls },
  });
  expect(created.statusCode).toBe(201);
  return { staff, cohort, info: created.json() };
}

describe('POST /cohortinfo', () => {
  it('creates the links of a cohort once', async () => {
    const { staff, cohort, info } = await cohortWithInfo();
    expect(info).toMatchObject({
      cohort: { id: cohort.id, name: cohort.name, active: true, students: 0 },
      ...urls,
      client_course_url: null,
      server_course_url: null,
      zoom_url: null,
    });
    const again = await ctx.request({
      method: 'POST',
      url: '/api/cohortinfo',
      token: staff.token,
      payload: { cohort: cohort.id },
    });
    expect(again.statusCode).toBe(409);
    const listed = await ctx.request({
      method: 'GET',
      url: `/api/cohorts/${cohort.id}`,
      token: staff.token,
    });
    expect(listed.json()).toMatchObject({ info: info.id, ...urls });
  });

  it('refuses learners, unknown cohorts and URLs that are not URLs', async () => {
    const staff = await createStaff(ctx.db);
    const learner = await createLearner(ctx.db);
    const cohort = await createCohort(ctx.db);
    await enrol(ctx.db, cohort.id, learner.id);
    const post = (token: string, payload: object) =>
      ctx.request({ method: 'POST', url: '/api/cohortinfo', token, payload });
    expect((await post(learner.token, { cohort: cohort.id, ...urls })).statusCode).toBe(403);
    expect((await post(staff.token, { cohort: 999999 })).statusCode).toBe(404);
    const bad = await post(staff.token, { cohort: cohort.id, zoom_url: 'zoom me' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('body.zoom_url');
    const rows = await ctx.db
      .selectFrom('cohort_info')
      .select('id')
      .where('cohort_id', '=', cohort.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('PUT /cohortinfo/{id}', () => {
  it('changes only the URLs sent and clears one sent empty', async () => {
    const { staff, info } = await cohortWithInfo();
    const response = await ctx.request({
      method: 'PUT',
      url: `/api/cohortinfo/${info.id}`,
      token: staff.token,
      payload: { client_course_url: 'https://github.com/org/client', attendance_sheet_url: '' },
    });
    expect(response.statusCode).toBe(204);
    const after = await ctx.request({
      method: 'GET',
      url: `/api/cohortinfo/${info.id}`,
      token: staff.token,
    });
    expect(after.json()).toMatchObject({
      client_course_url: 'https://github.com/org/client',
      attendance_sheet_url: null,
      github_classroom_url: urls.github_classroom_url,
      student_organization_url: urls.student_organization_url,
    });
  });

  it('does not let a learner change their cohort’s links', async () => {
    const { info, cohort } = await cohortWithInfo();
    const learner = await createLearner(ctx.db);
    await enrol(ctx.db, cohort.id, learner.id);
    const denied = await ctx.request({
      method: 'PUT',
      url: `/api/cohortinfo/${info.id}`,
      token: learner.token,
      payload: { student_organization_url: 'https://github.com/evil' },
    });
    expect(denied.statusCode).toBe(403);
    const row = await ctx.db
      .selectFrom('cohort_info')
      .select('student_organization_url')
      .where('id', '=', info.id)
      .executeTakeFirstOrThrow();
    expect(row.student_organization_url).toBe(urls.student_organization_url);
    const staff = await createStaff(ctx.db);
    const unknown = await ctx.request({
      method: 'PUT',
      url: '/api/cohortinfo/999999',
      token: staff.token,
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /cohortinfo/{id}', () => {
  it('answers staff and the cohort’s learners; other learners 403, anonymous 401', async () => {
    const { info, cohort } = await cohortWithInfo();
    const own = await createLearner(ctx.db);
    await enrol(ctx.db, cohort.id, own.id);
    const stranger = await createLearner(ctx.db);
    const get = (token: string | null) =>
      ctx.request({ method: 'GET', url: `/api/cohortinfo/${info.id}`, token });
    const asOwn = await get(own.token);
    expect(asOwn.statusCode).toBe(200);
    expect(asOwn.json().cohort.students).toBe(1);
    expect((await get(stranger.token)).statusCode).toBe(403);
    expect((await get(null)).statusCode).toBe(401);
    const staff = await createStaff(ctx.db);
    const unknown = await ctx.request({
      method: 'GET',
      url: '/api/cohortinfo/999999',
      token: staff.token,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
