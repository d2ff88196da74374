import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../../../test/calendar-factories.ts';
import { addCoach, createCohort, createLearner, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { parseFeed } from '../../../test/ical.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: 'https://learning.example.org' });
});
afterAll(() => ctx.close());

/** The feed path of a cohort's calendar_url as staff see it. */
async function feedPath(cohortId: number, token: string) {
  const cohort = await ctx.request({ method: 'GET', url: `/api/cohorts/${cohortId}`, token });
  const url = new URL(cohort.json().calendar_url);
  expect(url.origin).toBe('https://learning.example.org');
  return url.pathname + url.search;
}

describe('iCalendar feed', () => {
  it('serves valid iCalendar with timed events in the cohort zone and all-day dates', async () => {
    const staff = await createStaff(ctx.db);
    const cohort = await createCohort(ctx.db, { name: 'Feed Cohort, Day' });
    await createEvent(ctx.db, cohort.id, {
      name: 'Demo day; bring snacks',
      date: '2026-07-15',
      time: '14:30:00',
      type: 1,
    });
    await createEvent(ctx.db, cohort.id, {
      name: 'Thanksgiving',
      date: '2026-11-26',
      time: null,
      type: 4,
    });
    const response = await ctx.request({
      method: 'GET',
      url: await feedPath(cohort.id, staff.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');

    const { calendar, events } = parseFeed(response.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Feed Cohort, Day');
    const zone = calendar.getFirstSubcomponent('vtimezone');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('America/Chicago');

    const demo = events.find((e) => e.summary === 'Demo day; bring snacks');
    expect(demo?.startDate.toString()).toBe('2026-07-15T14:30:00');
    expect(demo?.startDate.zone?.tzid).toBe('America/Chicago');
    // By the feed's own zone rules 14:30 in Chicago in July is CDT (-05:00): 19:30 UTC.
    expect(demo?.startDate.toJSDate().toISOString()).toBe('2026-07-15T19:30:00.000Z');
    expect(demo?.component.getFirstPropertyValue('categories')).toBe('Group Project');
    expect(demo?.uid).toMatch(/^event-\d+@learning\.example\.org$/);
    const holiday = events.find((e) => e.summary === 'Thanksgiving');
    expect(holiday?.startDate.isDate).toBe(true);
    expect(holiday?.startDate.toString()).toBe('2026-11-26');
    expect(holiday?.endDate.toString()).toBe('2026-11-27');
  });

  it('folds long lines and escapes text so it still parses', async () => {
    const staff = await createStaff(ctx.db);
    const cohort = await createCohort(ctx.db);
    await createEvent(ctx.db, cohort.id, { name: `Café ${'très long '.repeat(20)}` });
    const response = await ctx.request({
      method: 'GET',
      url: await feedPath(cohort.id, staff.token),
    });
    const [event] = parseFeed(response.body).events;
    expect(event?.summary).toBe(`Café ${'très long '.repeat(20)}`);
  });

  it('answers 404 for a wrong or rotated secret, and only staff rotate it', async () => {
    const staff = await createStaff(ctx.db);
    const cohort = await createCohort(ctx.db);
    await addCoach(ctx.db, cohort.id, staff.id);
    const old = await feedPath(cohort.id, staff.token);
    const wrong = await ctx.request({
      method: 'GET',
      url: `/api/cohorts/${cohort.id}/calendar.ics?secret=guess`,
    });
    expect(wrong.statusCode).toBe(404);
    const missing = await ctx.request({
      method: 'GET',
      url: `/api/cohorts/${cohort.id}/calendar.ics`,
    });
    expect(missing.statusCode).toBe(400);

    const learner = await createLearner(ctx.db);
    const denied = await ctx.request({
      method: 'POST',
      url: `/api/cohorts/${cohort.id}/calendar`,
      token: learner.token,
    });
    expect(denied.statusCode).toBe(403);
    const rotated = await ctx.request({
      method: 'POST',
      url: `/api/cohorts/${cohort.id}/calendar`,
      token: staff.token,
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = new URL(rotated.json().calendar_url);
    expect((await ctx.request({ method: 'GET', url: old })).statusCode).toBe(404);
    const works = await ctx.request({ method: 'GET', url: fresh.pathname + fresh.search });
    expect(works.statusCode).toBe(200);
    expect(await feedPath(cohort.id, staff.token)).toBe(fresh.pathname + fresh.search);
    const unknown = await ctx.request({
      method: 'POST',
      url: '/api/cohorts/999999/calendar',
      token: staff.token,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
