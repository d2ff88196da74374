import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import { createEvent } from './calendar-factories.ts';
import {
  addCoach,
  addCohortCourse,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
} from './factories.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { otherConnection } from './other-connection.ts';

// The frequent reads (cohorts, a learner's record, courses, events, notes) are answered from
// memory while nothing they show has changed (lib/kept-reads.ts): a change made through the API,
// or by another connection or process, is seen by the next read, and no caller gets an answer
// kept for someone who may see more.
let ctx: TestContext;
let coach: Awaited<ReturnType<typeof createStaff>>;
let learner: Awaited<ReturnType<typeof createLearner>>;
let cohortId: number;
let courseId: number;
/** Writes the way another server process would (test/other-connection.ts). */
let elsewhere: Kysely<Database>;
let closeElsewhere = async () => {};

beforeAll(async () => {
  ctx = await createTestContext();
  coach = await createStaff(ctx.db);
  learner = await createLearner(ctx.db);
  const cohort = await createCohort(ctx.db);
  cohortId = cohort.id;
  await addCoach(ctx.db, cohortId, coach.id);
  await enrol(ctx.db, cohortId, learner.id);
  const course = await createCourse(ctx.db);
  courseId = course.id;
  await addCohortCourse(ctx.db, cohortId, courseId, 0, true);
  await createEvent(ctx.db, cohortId, { name: 'Kickoff' });
  ({ db: elsewhere, close: closeElsewhere } = await otherConnection(ctx));
});
afterAll(async () => {
  await closeElsewhere();
  await ctx.close();
});

const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  ctx.request({ method: 'GET', url, token, headers });

const marker = () => `Kept${Math.random().toString(36).slice(2, 10)}`;

interface Read {
  url: () => string;
  /** A change through the API that the read shows, with the text it then contains. */
  throughApi: (text: string) => Promise<number>;
  /** The same kind of change, written without this app. */
  elsewhere: (text: string) => Promise<unknown>;
}

const reads: Record<string, Read> = {
  'the cohort list': {
    url: () => '/api/cohorts',
    throughApi: async (text) =>
      (
        await ctx.request({
          method: 'PUT',
          url: `/api/cohorts/${cohortId}`,
          token: coach.token,
          payload: { name: text },
        })
      ).statusCode,
    elsewhere: (text) =>
      elsewhere.updateTable('cohorts').set({ name: text }).where('id', '=', cohortId).execute(),
  },
  "a learner's record": {
    url: () => `/api/students/${learner.id}`,
    throughApi: async (text) =>
      (
        await ctx.request({
          method: 'PUT',
          url: `/api/students/${learner.id}`,
          token: coach.token,
          payload: { slack_handle: text },
        })
      ).statusCode,
    elsewhere: (text) =>
      elsewhere
        .updateTable('people')
        .set({ slack_handle: text })
        .where('id', '=', learner.id)
        .execute(),
  },
  'the courses': {
    url: () => '/api/courses',
    throughApi: async (text) =>
      (
        await ctx.request({
          method: 'PUT',
          url: `/api/courses/${courseId}`,
          token: coach.token,
          payload: { name: text },
        })
      ).statusCode,
    elsewhere: (text) =>
      elsewhere.updateTable('courses').set({ name: text }).where('id', '=', courseId).execute(),
  },
  "a cohort's events": {
    url: () => `/api/events?cohort=${cohortId}`,
    throughApi: async (text) =>
      (
        await ctx.request({
          method: 'POST',
          url: `/api/events?cohort=${cohortId}`,
          token: coach.token,
          payload: { cohort: cohortId, type: 1, name: text, date: '2026-10-06' },
        })
      ).statusCode,
    elsewhere: (text) => createEvent(elsewhere, cohortId, { name: text }),
  },
  "a learner's notes": {
    url: () => `/api/notes?studentId=${learner.id}`,
    throughApi: async (text) =>
      (
        await ctx.request({
          method: 'POST',
          url: '/api/notes',
          token: coach.token,
          payload: { studentId: learner.id, note: text, type: 2 },
        })
      ).statusCode,
    elsewhere: (text) =>
      elsewhere
        .insertInto('notes')
        .values({ student_id: learner.id, author_id: coach.id, note_type_id: 2, note: text })
        .execute(),
  },
};
const names = Object.keys(reads);

/**
 * The statements this app sends while `during` runs, but for token checks (each is remembered
 * only a second) and the job queue's polls.
 */
async function statementsDuring(during: () => Promise<void>): Promise<string[]> {
  const statements = vi.spyOn(ctx.db.getExecutor(), 'executeQuery');
  try {
    await during();
    return statements.mock.calls
      .map(([query]) => query.sql)
      .filter((text) => !/"tokens"|\bjobs\b|"jobs"/.test(text));
  } finally {
    statements.mockRestore();
  }
}

/**
 * Asks until the read is answered without a statement: the set-up's own notifications reach the
 * app a moment after its writes, and each makes the next read ask the database again.
 */
async function untilKept(url: string, token = coach.token) {
  await expect
    .poll(async () => (await statementsDuring(async () => void (await get(url, token)))).length, {
      timeout: 30_000,
    })
    .toBe(0);
  return get(url, token);
}

describe('a frequent read', () => {
  it.each(names)('%s is answered again from memory, 304 to a caller holding it', async (name) => {
    const url = reads[name]!.url();
    const first = await untilKept(url);
    expect(first.statusCode).toBe(200);
    const statements = await statementsDuring(async () => {
      const unchanged = await get(url, coach.token, {
        'if-none-match': String(first.headers.etag),
      });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.rawPayload.length).toBe(0);
      const again = await get(url, coach.token);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
    });
    expect(statements).toEqual([]);
  });

  it.each(names)('%s shows a change made through the API at once', async (name) => {
    const read = reads[name]!;
    const before = await untilKept(read.url());
    const text = marker();
    expect(await read.throughApi(text)).toBeLessThan(300);

    const after = await get(read.url(), coach.token, {
      'if-none-match': String(before.headers.etag),
    });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(text);
  });

  it.each(names)('%s shows a change made by another connection', async (name) => {
    const read = reads[name]!;
    await untilKept(read.url());
    const text = marker();
    await read.elsewhere(text);
    // Heard from the database's notification, a moment after the other connection committed.
    await expect
      .poll(async () => (await get(read.url(), coach.token)).body, { timeout: 30_000 })
      .toContain(text);
  });

  it('is kept only for tables that announce their changes to every process', async () => {
    const named = new Set<string>();
    const kept = vi.spyOn(ctx.app.keptAnswers, 'read');
    try {
      for (const name of names) await get(reads[name]!.url(), coach.token);
      for (const [, tables] of kept.mock.calls) for (const table of tables) named.add(table);
    } finally {
      kept.mockRestore();
    }
    const { rows } = await sql<{ table: string }>`
      select c.relname as table from pg_trigger t
      join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where p.proname = 'announce_table_change'`.execute(ctx.db);
    const announced = new Set(rows.map((row) => row.table));
    expect(named.size).toBeGreaterThan(10);
    expect([...named].filter((table) => !announced.has(table))).toEqual([]);
  });
});

describe('an answer kept for staff', () => {
  it("is never a learner's: the cohort list shows a learner only their cohort, no secrets", async () => {
    const other = await createCohort(ctx.db);
    const staffList = await untilKept('/api/cohorts');
    expect(staffList.json().map((cohort: { id: number }) => cohort.id)).toContain(other.id);
    expect(staffList.json()[0].invitation_secret).toEqual(expect.any(String));

    const own = await get('/api/cohorts', learner.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([expect.objectContaining({ id: cohortId, is_instructor: 0 })]);
    expect(own.json()[0]).not.toHaveProperty('invitation_secret');
  });

  it("is each staff member's own where it says what they coach", async () => {
    const colleague = await createStaff(ctx.db);
    const coachView = await untilKept('/api/cohorts');
    const ours = (list: Array<{ id: number; is_instructor: number }>) =>
      list.find((cohort) => cohort.id === cohortId)?.is_instructor;
    expect(ours(coachView.json())).toBe(1);
    expect(ours((await get('/api/cohorts', colleague.token)).json())).toBe(0);
  });

  it('is refused to a learner who may not read it', async () => {
    const stranger = await createLearner(ctx.db);
    await enrol(ctx.db, (await createCohort(ctx.db)).id, stranger.id);
    for (const url of [
      `/api/students/${learner.id}`,
      `/api/events?cohort=${cohortId}`,
      `/api/notes?studentId=${learner.id}`,
    ]) {
      const kept = await untilKept(url);
      expect(kept.statusCode, url).toBe(200);
      const refused = await get(url, stranger.token, {
        'if-none-match': String(kept.headers.etag),
      });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body, url).not.toContain('Kickoff');
    }
    expect((await get(`/api/students/${learner.id}`, learner.token)).statusCode).toBe(200);
    expect((await get(`/api/events?cohort=${cohortId}`, learner.token)).statusCode).toBe(200);
  });
});
