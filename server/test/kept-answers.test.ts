import { AsyncLocalStorage } from 'node:async_hooks';
import { type CompiledQuery, type Kysely, sql } from 'kysely';
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

// The frequent reads (cohorts, a learner's record, courses, events, notes, the board, cohort
// health) are answered from memory while nothing they read has changed (lib/cached-reads.ts,
// fed by lib/change-feed.ts): a change made through the API, or by another connection or process,
// is seen by the next read; the tables watched are those the statements really read; and no
// caller gets an answer kept for someone else.
let ctx: TestContext;
let coach: Awaited<ReturnType<typeof createStaff>>;
let learner: Awaited<ReturnType<typeof createLearner>>;
let cohortId: number;
let courseId: number;
/** Writes the way another server process would (test/other-connection.ts). */
let elsewhere: Kysely<Database>;
let closeElsewhere = async () => {};

beforeAll(async () => {
  // No job worker: what the requests of a test send to the database is all it sends.
  ctx = await createTestContext({ jobs: { concurrency: 0 } });
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

  it('watches every table its statements read, and only tables the change feed announces', async () => {
    // Every cached route: the frequent reads, the board and cohort health.
    const urls = [
      ...names.map((name) => reads[name]!.url()),
      `/api/students?cohort=${cohortId}`,
      `/api/cohorts/${cohortId}/health`,
      `/api/cohorts/${cohortId}`,
    ];
    const announced = new Set(
      (
        await sql<{ table: string }>`
          select c.relname as table from pg_trigger t
          join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
          where p.proname = 'announce_table_change'`.execute(ctx.db)
      ).rows.map((row) => row.table),
    );
    for (const url of urls) {
      // As after a reconnect of the listener: nothing kept, so the read runs its statements.
      ctx.app.changes.setListening(true);
      const executor = ctx.db.getExecutor();
      const original = executor.executeQuery;
      const statements = vi.spyOn(executor, 'executeQuery');
      const keptAnswers = ctx.app.keptAnswers;
      const read = keptAnswers.read;
      const kept = vi.spyOn(keptAnswers, 'read');
      // Only what the read itself sends: the live board reads its changes meanwhile.
      const reading = new AsyncLocalStorage<true>();
      kept.mockImplementation((key, load, until) =>
        read.call(keptAnswers, key, () => reading.run(true, load), until),
      );
      const sentByRead: boolean[] = [];
      statements.mockImplementation((...args) => {
        sentByRead.push(reading.getStore() === true);
        return original.apply(executor, args);
      });
      let captured: CompiledQuery[];
      let key: string;
      try {
        expect((await get(url, coach.token)).statusCode, url).toBe(200);
        captured = statements.mock.calls
          .map(([query]) => query)
          .filter((query, index) => sentByRead[index] && !/"tokens"/.test(query.sql));
        key = kept.mock.calls[0]![0];
      } finally {
        statements.mockRestore();
        kept.mockRestore();
      }
      const watched = ctx.app.keptAnswers.watched(key);
      expect(watched, url).toBeDefined();
      // What each statement really scans, functions' reads included, as PostgreSQL counts it.
      const scanned = new Set<string>();
      for (const query of captured)
        for (const table of await tablesScanned(query)) scanned.add(table);
      expect(scanned.size, url).toBeGreaterThan(0);
      expect(
        [...scanned].filter((table) => !watched!.has(table)),
        url,
      ).toEqual([]);
      expect(
        [...watched!].filter((table) => !announced.has(table)),
        url,
      ).toEqual([]);
    }
  });
});

/** Scans per table so far in this session (the statistics not yet reported included). */
async function scans(db: Kysely<Database>): Promise<Map<string, number>> {
  const { rows } = await sql<{ table: string; scans: number }>`
    select relname as table, coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as scans
    from pg_stat_xact_user_tables`.execute(db);
  return new Map(rows.map((row) => [row.table, Number(row.scans)]));
}

/** The tables a statement scans when run, from the session's statistics (rolled back). */
async function tablesScanned(query: CompiledQuery): Promise<string[]> {
  let tables: string[] = [];
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      const before = await scans(trx);
      await trx.executeQuery(query);
      const after = await scans(trx);
      tables = [...after]
        .filter(([table, count]) => count > (before.get(table) ?? 0))
        .map(([t]) => t);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return tables;
}

class RolledBack extends Error {}

describe('an answer kept for staff', () => {
  it("asked by staff, then a learner, then another learner, is never another caller's", async () => {
    const otherCohort = await createCohort(ctx.db);
    const otherLearner = await createLearner(ctx.db);
    await enrol(ctx.db, otherCohort.id, otherLearner.id);
    const ids = (response: { json(): Array<{ id: number }> }) =>
      response.json().map((cohort) => cohort.id);

    const staffList = await untilKept('/api/cohorts');
    expect(ids(staffList)).toEqual(expect.arrayContaining([cohortId, otherCohort.id]));
    // Each caller in turn, holding the previous caller's ETag.
    const own = await get('/api/cohorts', learner.token, {
      'if-none-match': String(staffList.headers.etag),
    });
    expect(own.statusCode).toBe(200);
    expect(ids(own)).toEqual([cohortId]);
    expect(own.body).not.toContain('invitation_secret');
    const theirs = await get('/api/cohorts', otherLearner.token, {
      'if-none-match': String(own.headers.etag),
    });
    expect(theirs.statusCode).toBe(200);
    expect(ids(theirs)).toEqual([otherCohort.id]);
    // And back: each still gets their own, kept for them.
    const ownAgain = await untilKept('/api/cohorts', learner.token);
    expect(ids(ownAgain)).toEqual([cohortId]);
    expect((await get('/api/cohorts', coach.token)).body).toBe(staffList.body);
  });

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
