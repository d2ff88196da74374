import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../../test/calendar-factories.ts';
import {
  addCoach,
  createCohort,
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

/** A cohort with a coach, one of its learners, a staff member who is not its coach and an outsider. */
async function calendarCast() {
  const cohort = await createCohort(ctx.db);
  const coach = await createStaff(ctx.db);
  await addCoach(ctx.db, cohort.id, coach.id);
  const learner = await createLearner(ctx.db);
  await enrol(ctx.db, cohort.id, learner.id);
  const otherStaff = await createStaff(ctx.db);
  const outsider = await createLearner(ctx.db);
  return { cohort, coach, learner, otherStaff, outsider };
}

const eventCount = async (cohortId: number) =>
  (await ctx.db.selectFrom('events').select('id').where('cohort_id', '=', cohortId).execute())
    .length;

describe('GET /eventtypes', () => {
  it('answers the four event types with their colours', async () => {
    const learner = await createLearner(ctx.db);
    const response = await ctx.request({
      method: 'GET',
      url: '/api/eventtypes',
      token: learner.token,
    });
    expect(response.json()).toEqual([
      { id: 1, description: 'Group Project', color: '#98FB98' },
      { id: 2, description: 'Career Development', color: '#DA70D6' },
      { id: 3, description: 'Intersession', color: '#708090' },
      { id: 4, description: 'Holiday', color: '#DDA0DD' },
    ]);
    expect((await ctx.request({ method: 'GET', url: '/api/eventtypes' })).statusCode).toBe(401);
  });
});

describe('POST /events', () => {
  it('keeps the wall-clock time sent as local-time-written-as-UTC, in the cohort zone', async () => {
    const { cohort, coach } = await calendarCast();
    const response = await ctx.request({
      method: 'POST',
      url: `/api/events?cohort=${cohort.id}`,
      token: coach.token,
      payload: {
        cohort: cohort.id,
        datetime: '2026-11-02T09:30:00.000Z',
        name: 'Kickoff',
        type: 1,
        description: 'Teams meet',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      cohort: cohort.id,
      event_name: 'Kickoff',
      event_datetime: '2026-11-02T09:30:00.000Z',
      description: 'Teams meet',
      event_type: { id: 1, description: 'Group Project', color: '#98FB98' },
      date: '2026-11-02',
      time: '09:30',
      time_zone: 'America/Chicago',
      all_day: false,
    });
  });

  it('takes date and optional time fields; no time or midnight-as-UTC means all day', async () => {
    const { cohort, coach } = await calendarCast();
    const post = (payload: object) =>
      ctx.request({
        method: 'POST',
        url: '/api/events',
        token: coach.token,
        payload: { cohort: cohort.id, name: 'Day off', type: 4, ...payload },
      });
    const dated = await post({ date: '2026-11-26' });
    expect(dated.json()).toMatchObject({ date: '2026-11-26', time: null, all_day: true });
    const midnight = await post({ datetime: '2026-11-27T00:00:00.000Z' });
    expect(midnight.json()).toMatchObject({ date: '2026-11-27', all_day: true });
    const timed = await post({ date: '2026-11-30', time: '16:45' });
    expect(timed.json()).toMatchObject({
      time: '16:45',
      event_datetime: '2026-11-30T16:45:00.000Z',
    });
  });

  it('lets only an instructor of the cohort add events: other staff and learners get 403', async () => {
    const { cohort, learner, otherStaff } = await calendarCast();
    const payload = { cohort: cohort.id, name: 'Nope', type: 1, date: '2026-10-01' };
    for (const token of [learner.token, otherStaff.token]) {
      const denied = await ctx.request({ method: 'POST', url: '/api/events', token, payload });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe('Only an instructor of this cohort can add events.');
    }
    const anonymous = await ctx.request({ method: 'POST', url: '/api/events', payload });
    expect(anonymous.statusCode).toBe(401);
    expect(await eventCount(cohort.id)).toBe(0);
  });

  it('names the field on bad input and answers 404 for unknown cohorts and types', async () => {
    const { cohort, coach } = await calendarCast();
    const post = (payload: object, url = '/api/events') =>
      ctx.request({ method: 'POST', url, token: coach.token, payload });
    const base = { cohort: cohort.id, name: 'Event', type: 1, date: '2026-10-01' };
    const cases: Array<[object, string]> = [
      [{ ...base, name: undefined }, 'body.name is required'],
      [{ ...base, name: '  ' }, 'body.name must not be blank'],
      [{ ...base, date: '2026-02-30' }, 'body.date is not a valid date'],
      [{ ...base, time: '25:00' }, 'body.time is not a valid time'],
      [{ ...base, date: undefined }, 'body.date or body.datetime is required'],
      [{ ...base, date: undefined, datetime: 'tomorrow' }, 'body.datetime'],
    ];
    for (const [payload, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const mismatch = await post(base, '/api/events?cohort=999');
    expect(mismatch.json().message).toBe(
      'querystring.cohort must be the same cohort as body.cohort',
    );
    expect((await post({ ...base, cohort: 999999 })).statusCode).toBe(404);
    const unknownType = await post({ ...base, type: 99 });
    expect(unknownType.statusCode).toBe(404);
    expect(unknownType.json().message).toBe('Event type not found.');
    expect(await eventCount(cohort.id)).toBe(0);
  });
});

describe('GET /events', () => {
  it('lists a cohort’s events by date and time, earliest first, for staff and its learners', async () => {
    const { cohort, learner, otherStaff, outsider } = await calendarCast();
    await createEvent(ctx.db, cohort.id, { name: 'Later', date: '2026-10-07', time: '08:00:00' });
    await createEvent(ctx.db, cohort.id, {
      name: 'Afternoon',
      date: '2026-10-05',
      time: '14:00:00',
    });
    await createEvent(ctx.db, cohort.id, { name: 'All day', date: '2026-10-05', time: null });
    await createEvent(ctx.db, cohort.id, { name: 'Morning', date: '2026-10-05', time: '09:00:00' });
    const other = await createCohort(ctx.db);
    await createEvent(ctx.db, other.id, { name: 'Elsewhere' });

    for (const token of [learner.token, otherStaff.token]) {
      const response = await ctx.request({
        method: 'GET',
        url: `/api/events?cohort=${cohort.id}`,
        token,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().map((event: { event_name: string }) => event.event_name)).toEqual([
        'All day',
        'Morning',
        'Afternoon',
        'Later',
      ]);
    }
    const denied = await ctx.request({
      method: 'GET',
      url: `/api/events?cohort=${cohort.id}`,
      token: outsider.token,
    });
    expect(denied.statusCode).toBe(403);
    const missing = await ctx.request({
      method: 'GET',
      url: '/api/events',
      token: otherStaff.token,
    });
    expect(missing.json().message).toBe('querystring.cohort is required');
    const unknown = await ctx.request({
      method: 'GET',
      url: '/api/events?cohort=999999',
      token: otherStaff.token,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('DELETE /events/{id}', () => {
  it('lets only an instructor of the cohort delete: other staff and learners get 403', async () => {
    const { cohort, coach, learner, otherStaff } = await calendarCast();
    const event = await createEvent(ctx.db, cohort.id);
    for (const token of [learner.token, otherStaff.token]) {
      const denied = await ctx.request({ method: 'DELETE', url: `/api/events/${event.id}`, token });
      expect(denied.statusCode).toBe(403);
    }
    expect(await eventCount(cohort.id)).toBe(1);
    const deleted = await ctx.request({
      method: 'DELETE',
      url: `/api/events/${event.id}`,
      token: coach.token,
    });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await eventCount(cohort.id)).toBe(0);
    const again = await ctx.request({
      method: 'DELETE',
      url: `/api/events/${event.id}`,
      token: coach.token,
    });
    expect(again.statusCode).toBe(404);
  });
});
