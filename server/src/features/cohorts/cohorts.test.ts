import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCoach,
  addCohortCourse,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
  leaveCohort,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let clientCourse: Awaited<ReturnType<typeof createCourse>>;
let serverCourse: Awaited<ReturnType<typeof createCourse>>;

beforeAll(async () => {
  ctx = await createTestContext();
  clientCourse = await createCourse(ctx.db, { name: 'JavaScript' });
  serverCourse = await createCourse(ctx.db, { name: 'Python' });
});
afterAll(() => ctx.close());

const newCohort = (name: string) => ({
  name,
  startDate: '2026-01-05',
  endDate: '2026-07-10',
  orgURL: 'https://github.com/day-cohort-80',
  slackChannel: 'C06GHMZB3M3',
  active: true,
  clientSide: clientCourse.id,
  serverSide: serverCourse.id,
});

const cohortCount = async (name: string) =>
  (await ctx.db.selectFrom('cohorts').select('id').where('name', '=', name).execute()).length;

describe('POST /cohorts', () => {
  it('lets staff create a cohort with both courses, its links and the active flag it was sent', async () => {
    const staff = await createStaff(ctx.db);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/cohorts',
      token: staff.token,
      payload: { ...newCohort('Day Cohort 80'), active: false },
    });
    expect(response.statusCode).toBe(201);
    const cohort = response.json();
    expect(cohort).toMatchObject({
      name: 'Day Cohort 80',
      start_date: '2026-01-05',
      end_date: '2026-07-10',
      slack_channel: 'C06GHMZB3M3',
      active: false,
      capstone: false,
      students: 0,
      is_instructor: 0,
      student_organization_url: 'https://github.com/day-cohort-80',
    });
    expect(cohort.courses).toMatchObject([
      { index: 0, active: true, course: { id: clientCourse.id, name: 'JavaScript' } },
      { index: 1, active: false, course: { id: serverCourse.id, name: 'Python' } },
    ]);
    expect(cohort.info).toEqual(expect.any(Number));
    expect(cohort.invitation_secret).toEqual(expect.any(String));
    expect(cohort.calendar_url).toContain(`/api/cohorts/${cohort.id}/calendar.ics?secret=`);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity', '=', 'cohort')
      .where('entity_id', '=', String(cohort.id))
      .execute();
    expect(audit).toEqual([{ action: 'create', actor_id: staff.id }]);
  });

  it('refuses anonymous callers (401) and learners (403), creating nothing', async () => {
    const anonymous = await ctx.request({
      method: 'POST',
      url: '/api/cohorts',
      payload: newCohort('Sneaky Cohort'),
    });
    expect(anonymous.statusCode).toBe(401);
    const learner = await createLearner(ctx.db);
    const denied = await ctx.request({
      method: 'POST',
      url: '/api/cohorts',
      token: learner.token,
      payload: newCohort('Sneaky Cohort'),
    });
    expect(denied.statusCode).toBe(403);
    expect(await cohortCount('Sneaky Cohort')).toBe(0);
  });

  it('names the field on bad input', async () => {
    const staff = await createStaff(ctx.db);
    const post = (payload: object) =>
      ctx.request({ method: 'POST', url: '/api/cohorts', token: staff.token, payload });
    const { serverSide: _omitted, ...withoutServer } = newCohort('Half Cohort');
    const cases: Array<[object, string]> = [
      [withoutServer, 'body.serverSide is required'],
      [{ ...newCohort('Bad Url'), orgURL: 'not a url' }, 'body.orgURL'],
      [{ ...newCohort('Bad Date'), startDate: '2026-02-30' }, 'body.startDate is not a valid date'],
      [{ ...newCohort('Bad Order'), endDate: '2025-12-31' }, 'body.endDate must not be before'],
      [{ ...newCohort('Same Course'), serverSide: clientCourse.id }, 'body.serverSide'],
      [{ ...newCohort('   ') }, 'body.name'],
    ];
    for (const [payload, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await cohortCount('Half Cohort')).toBe(0);
  });

  it('answers 409 for a taken name and 404 for an unknown course, leaving nothing behind', async () => {
    const staff = await createStaff(ctx.db);
    const post = (payload: object) =>
      ctx.request({ method: 'POST', url: '/api/cohorts', token: staff.token, payload });
    expect((await post(newCohort('Taken Cohort'))).statusCode).toBe(201);
    const duplicate = await post(newCohort('taken cohort'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toContain('already exists');
    const unknown = await post({ ...newCohort('Orphan Cohort'), serverSide: 999999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Server side course not found.');
    expect(await cohortCount('Orphan Cohort')).toBe(0);
  });
});

describe('GET /cohorts', () => {
  it('lists cohorts with counts, coaches and courses; staff see the secrets', async () => {
    const staff = await createStaff(ctx.db, { firstName: 'Ada', lastName: 'Coach' });
    const cohort = await createCohort(ctx.db, {
      name: 'Listed Cohort',
      start: '2031-01-06',
      end: '2031-07-01',
    });
    await addCohortCourse(ctx.db, cohort.id, clientCourse.id, 0, true);
    await addCoach(ctx.db, cohort.id, staff.id);
    const learners = [await createLearner(ctx.db), await createLearner(ctx.db)];
    for (const learner of learners) await enrol(ctx.db, cohort.id, learner.id);
    // Counted: current learners only, not a member who is staff nor one who left.
    const left = await createLearner(ctx.db);
    await enrol(ctx.db, cohort.id, left.id);
    await leaveCohort(ctx.db, left.id);
    await enrol(ctx.db, cohort.id, (await createStaff(ctx.db)).id);
    const empty = await createCohort(ctx.db, { name: 'Empty Listed Cohort' });
    const response = await ctx.request({ method: 'GET', url: '/api/cohorts', token: staff.token });
    expect(response.statusCode).toBe(200);
    const listed = response.json().find((row: { id: number }) => row.id === cohort.id);
    expect(response.json().find((row: { id: number }) => row.id === empty.id).students).toBe(0);
    expect(listed).toMatchObject({
      name: 'Listed Cohort',
      students: 2,
      is_instructor: 1,
      coaches: [{ id: staff.id, name: 'Ada Coach' }],
      courses: [{ index: 0, active: true, course: { name: 'JavaScript' } }],
      info: null,
      invitation_secret: cohort.invitation_secret,
    });
    const other = await createStaff(ctx.db);
    const asOther = await ctx.request({ method: 'GET', url: '/api/cohorts', token: other.token });
    expect(asOther.json().find((row: { id: number }) => row.id === cohort.id).is_instructor).toBe(
      0,
    );
  });

  it('filters active cohorts, limits to the most recent and lists previous (inactive) ones', async () => {
    const staff = await createStaff(ctx.db);
    await createCohort(ctx.db, {
      name: 'Old Inactive',
      active: false,
      start: '2040-01-02',
      end: '2040-06-29',
    });
    await createCohort(ctx.db, {
      name: 'Newer Inactive',
      active: false,
      start: '2041-01-07',
      end: '2041-06-28',
    });
    const get = async (query: string) =>
      (
        await ctx.request({ method: 'GET', url: `/api/cohorts${query}`, token: staff.token })
      ).json();
    const active = await get('?active=true');
    expect(active.every((row: { active: boolean }) => row.active)).toBe(true);
    const previous = await get('?limit=12&active=false');
    expect(previous.map((row: { name: string }) => row.name).slice(0, 2)).toEqual([
      'Newer Inactive',
      'Old Inactive',
    ]);
    expect(await get('?limit=1')).toHaveLength(1);
    const bad = await ctx.request({
      method: 'GET',
      url: '/api/cohorts?limit=0',
      token: staff.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('querystring.limit');
  });

  it('searches names by words, taking special characters literally', async () => {
    const staff = await createStaff(ctx.db);
    await createCohort(ctx.db, { name: 'Evening 100% (Remote)' });
    await createCohort(ctx.db, { name: 'Evening 1000 Remote' });
    const search = async (q: string) =>
      (
        await ctx.request({
          method: 'GET',
          url: `/api/cohorts?q=${encodeURIComponent(q)}`,
          token: staff.token,
        })
      ).json();
    expect(await search('100% (remote')).toEqual([
      { id: expect.any(Number), name: 'Evening 100% (Remote)' },
    ]);
    expect((await search('evening remote')).map((row: { name: string }) => row.name)).toEqual(
      expect.arrayContaining(['Evening 100% (Remote)', 'Evening 1000 Remote']),
    );
    expect(await search('_')).toEqual([]);
  });

  it('shows a learner only their own cohort, without secrets; anonymous gets 401', async () => {
    const mine = await createCohort(ctx.db, { name: 'My Own Cohort' });
    const learner = await createLearner(ctx.db);
    await enrol(ctx.db, mine.id, learner.id);
    const list = await ctx.request({ method: 'GET', url: '/api/cohorts', token: learner.token });
    expect(list.json().map((row: { id: number }) => row.id)).toEqual([mine.id]);
    expect(list.json()[0].invitation_secret).toBeUndefined();
    expect(list.json()[0].calendar_url).toBeUndefined();
    expect((await ctx.request({ method: 'GET', url: '/api/cohorts' })).statusCode).toBe(401);
  });
});

describe('GET /cohorts/{id}', () => {
  it('answers staff and the cohort’s own learners; 403 for other learners, 404 when unknown', async () => {
    const cohort = await createCohort(ctx.db);
    const staff = await createStaff(ctx.db);
    await addCoach(ctx.db, cohort.id, staff.id);
    const own = await createLearner(ctx.db);
    await enrol(ctx.db, cohort.id, own.id);
    const stranger = await createLearner(ctx.db);
    const get = (token: string, id = cohort.id) =>
      ctx.request({ method: 'GET', url: `/api/cohorts/${id}`, token });

    const asStaff = await get(staff.token);
    expect(asStaff.json()).toMatchObject({ id: cohort.id, is_instructor: 1, students: 1 });
    const asOwn = await get(own.token);
    expect(asOwn.statusCode).toBe(200);
    expect(asOwn.json().invitation_secret).toBeUndefined();
    expect((await get(stranger.token)).statusCode).toBe(403);
    expect((await get(staff.token, 999999)).statusCode).toBe(404);
    const text = await ctx.request({ method: 'GET', url: '/api/cohorts/abc', token: staff.token });
    expect(text.statusCode).toBe(400);
  });
});

describe('PUT /cohorts/{id} and /active', () => {
  it('changes only the fields sent, persists Capstone and accepts a whole card object', async () => {
    const staff = await createStaff(ctx.db);
    const cohort = await createCohort(ctx.db, { name: 'Editable Cohort' });
    const put = (payload: object) =>
      ctx.request({
        method: 'PUT',
        url: `/api/cohorts/${cohort.id}`,
        token: staff.token,
        payload,
      });
    expect((await put({ slack_channel: 'C0NEW' })).statusCode).toBe(204);
    const card = (
      await ctx.request({ method: 'GET', url: `/api/cohorts/${cohort.id}`, token: staff.token })
    ).json();
    expect(card).toMatchObject({ name: 'Editable Cohort', slack_channel: 'C0NEW' });
    expect((await put({ ...card, capstone: true, slack_channel: 'C0CARD' })).statusCode).toBe(204);
    const after = (
      await ctx.request({ method: 'GET', url: `/api/cohorts/${cohort.id}`, token: staff.token })
    ).json();
    expect(after).toMatchObject({
      capstone: true,
      slack_channel: 'C0CARD',
      start_date: '2026-09-01',
    });
  });

  it('refuses bad dates, unknown zones and taken names without changing anything', async () => {
    const staff = await createStaff(ctx.db);
    const cohort = await createCohort(ctx.db);
    const other = await createCohort(ctx.db, { name: 'Name In Use' });
    const put = (payload: object) =>
      ctx.request({ method: 'PUT', url: `/api/cohorts/${cohort.id}`, token: staff.token, payload });
    const early = await put({ end_date: '2026-08-01', slack_channel: 'CHANGED' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toContain('body.end_date must not be before body.start_date');
    expect((await put({ time_zone: 'Mars/Olympus' })).json().message).toContain('body.time_zone');
    expect((await put({ name: other.name })).statusCode).toBe(409);
    const row = await ctx.db
      .selectFrom('cohorts')
      .selectAll()
      .where('id', '=', cohort.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ slack_channel: cohort.slack_channel, end_date: cohort.end_date });
  });

  it('toggles Active; learners get 403 and unknown ids 404', async () => {
    const staff = await createStaff(ctx.db);
    const learner = await createLearner(ctx.db);
    const cohort = await createCohort(ctx.db, { active: true });
    await enrol(ctx.db, cohort.id, learner.id);
    const off = await ctx.request({
      method: 'PUT',
      url: `/api/cohorts/${cohort.id}/active`,
      token: staff.token,
      payload: { id: cohort.id, active: false },
    });
    expect(off.statusCode).toBe(204);
    const row = await ctx.db
      .selectFrom('cohorts')
      .select('active')
      .where('id', '=', cohort.id)
      .executeTakeFirstOrThrow();
    expect(row.active).toBe(false);
    for (const [method, url, payload] of [
      ['PUT', `/api/cohorts/${cohort.id}/active`, { active: true }],
      ['PUT', `/api/cohorts/${cohort.id}`, { slack_channel: 'MINE' }],
    ] as const) {
      const denied = await ctx.request({ method, url, token: learner.token, payload });
      expect(denied.statusCode).toBe(403);
    }
    const unknown = await ctx.request({
      method: 'PUT',
      url: '/api/cohorts/999999/active',
      token: staff.token,
      payload: { active: true },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
