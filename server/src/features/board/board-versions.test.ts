import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addCohortCourse,
  assignProject,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { otherConnection } from '../../../test/other-connection.ts';
import type { Database } from '../../db/schema.ts';
import { enqueue } from '../../jobs/queue.ts';
import * as repo from './board.repository.ts';
import { BOARD_VERSIONS_CHANNEL, BoardVersions, followBoardVersions } from './board-versions.ts';

// The board's versions live in memory and follow the database's notifications, so an unchanged
// board is answered 304 without a query and a change made anywhere makes the next answer a 200.
let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
/** Writes the way another server process would (test/other-connection.ts). */
let elsewhere: Kysely<Database>;
let closeElsewhere = async () => {};

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
  ({ db: elsewhere, close: closeElsewhere } = await otherConnection(ctx));
});
afterAll(async () => {
  await closeElsewhere();
  await ctx.close();
});

async function cohortWithLearner() {
  const cohort = await createCohort(ctx.db, { name: `Versions ${Math.random()}` });
  const course = await createCourse(ctx.db, { books: 2, projectsPerBook: 1 });
  await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
  const learner = await createLearner(ctx.db);
  await enrol(ctx.db, cohort.id, learner.id);
  await assignProject(ctx.db, learner.id, course.books[0]!.projects[0]!.id);
  return { cohort, learner, nextProject: course.books[1]!.projects[0]!.id };
}

const getBoard = (cohortId: number, etag?: string) =>
  ctx.request({
    method: 'GET',
    url: `/api/students?cohort=${cohortId}`,
    token: staff.token,
    headers: etag ? { 'if-none-match': etag } : {},
  });

/** A project assignment written without this app: the board must learn of it from the database. */
const moveElsewhere = (learnerId: number, projectId: number) =>
  elsewhere
    .insertInto('student_projects')
    .values({ student_id: learnerId, project_id: projectId })
    .execute();

/**
 * Waits until `versions` has heard every notification committed so far (the set-up's own): the
 * database delivers them in commit order, so once a marker sent now arrives, none is left on the
 * way to forget what the test is about to keep. The marker names no cohort.
 */
async function heardAllSoFar(versions: BoardVersions) {
  const heard = vi.spyOn(versions, 'heard');
  try {
    const marker = String(2_000_000_000 + Math.floor(Math.random() * 100_000_000));
    await sql`select pg_notify(${BOARD_VERSIONS_CHANNEL}, ${marker})`.execute(ctx.db);
    await expect.poll(() => heard.mock.calls.some(([payload]) => payload === marker)).toBe(true);
  } finally {
    heard.mockRestore();
  }
}

/**
 * Reads a cohort's version until it is kept: a read during which a notification arrives (here,
 * of the set-up's own writes, which reach the server's listener a moment later) keeps nothing.
 */
async function remember(versions: BoardVersions, cohortId: number) {
  await expect
    .poll(async () => {
      await versions.read(() => repo.boardVersion(ctx.db, cohortId));
      return versions.current(cohortId);
    })
    .toBeDefined();
}

/**
 * Watches the app's statements and waits until an unchanged board is answered without the
 * board's own (the set-up's notifications may still be on their way; once heard, the version
 * stays). A token check may still run once its second of cache ends, so only the board's count.
 */
async function untilAnsweredFromMemory(cohortId: number, etag: string) {
  await heardAllSoFar(ctx.app.boardVersions);
  const statements = vi.spyOn(ctx.db, 'executeQuery');
  const boardStatements = () =>
    statements.mock.calls.filter(([query]) =>
      /board_versions|instructor board/.test('sql' in query ? query.sql : ''),
    ).length;
  await expect
    .poll(async () => {
      statements.mockClear();
      await getBoard(cohortId, etag);
      return boardStatements();
    })
    .toBe(0);
  statements.mockClear();
  return { boardStatements, restore: () => statements.mockRestore() };
}

describe('the board version in memory', () => {
  it('answers an unchanged board with 304 without asking the database', async () => {
    const { cohort } = await cohortWithLearner();
    const etag = String((await getBoard(cohort.id)).headers.etag);
    expect((await getBoard(cohort.id, etag)).statusCode).toBe(304);

    const { boardStatements, restore } = await untilAnsweredFromMemory(cohort.id, etag);
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => getBoard(cohort.id, etag)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(304));
      expect(boardStatements()).toBe(0);
    } finally {
      restore();
    }
  });

  it('keeps the version through writes no board shows: a stream ticket, a failed sign-in, a job', async () => {
    const { cohort } = await cohortWithLearner();
    const etag = String((await getBoard(cohort.id)).headers.etag);
    const { boardStatements, restore } = await untilAnsweredFromMemory(cohort.id, etag);
    try {
      const ticket = await ctx.request({
        method: 'POST',
        url: `/api/cohorts/${cohort.id}/live/ticket`,
        token: staff.token,
      });
      expect(ticket.statusCode).toBe(201);
      await ctx.db
        .insertInto('sign_in_failures')
        .values({ key: `versions-${Math.random()}`, failed_at: new Date() })
        .execute();
      // The queue's workers claim and finish a job: bookkeeping no board shows.
      const jobId = await enqueue(ctx.db, {
        kind: 'nothing',
        cohortId: null,
        createdBy: null,
        steps: [],
      });
      await expect
        .poll(async () => {
          const job = await ctx.db
            .selectFrom('jobs')
            .select('status')
            .where('id', '=', jobId)
            .executeTakeFirstOrThrow();
          return job.status;
        })
        .toBe('done');
      const before = boardStatements();
      expect((await getBoard(cohort.id, etag)).statusCode).toBe(304);
      expect(boardStatements()).toBe(before);
    } finally {
      restore();
    }
  });

  it('answers 200 with the new board once another connection moved a learner', async () => {
    const { cohort, learner, nextProject } = await cohortWithLearner();
    const etag = String((await getBoard(cohort.id)).headers.etag);
    expect((await getBoard(cohort.id, etag)).statusCode).toBe(304);

    await moveElsewhere(learner.id, nextProject);
    await expect.poll(async () => (await getBoard(cohort.id, etag)).statusCode).toBe(200);
    const fresh = await getBoard(cohort.id, etag);
    expect(fresh.headers.etag).not.toBe(etag);
    expect(fresh.json()[0].project_id).toBe(nextProject);
  });

  it('answers 200 at once after a change this process committed itself', async () => {
    const { cohort, learner, nextProject } = await cohortWithLearner();
    const etag = String((await getBoard(cohort.id)).headers.etag);
    expect((await getBoard(cohort.id, etag)).statusCode).toBe(304);

    await assignProject(ctx.db, learner.id, nextProject);
    const after = await getBoard(cohort.id, etag);
    expect(after.statusCode).toBe(200);
    expect(after.json()[0].project_id).toBe(nextProject);
  });

  it('is forgotten when the database announces a change, and only for that cohort', async () => {
    // Only the notifications, as a process that made none of the changes hears them.
    const follower = await followBoardVersions({
      listen: ctx.database.listen,
      onCommittedWrite: () => () => {},
    });
    try {
      const moved = await cohortWithLearner();
      const still = await cohortWithLearner();
      await heardAllSoFar(follower.versions);
      for (const { cohort } of [moved, still]) await remember(follower.versions, cohort.id);

      await moveElsewhere(moved.learner.id, moved.nextProject);
      await expect.poll(() => follower.versions.current(moved.cohort.id)).toBeUndefined();
      expect(follower.versions.current(still.cohort.id)).toBeDefined();
    } finally {
      await follower.stop();
    }
  });

  it('forgets every board when the catalogue changes', async () => {
    const follower = await followBoardVersions({
      listen: ctx.database.listen,
      onCommittedWrite: () => () => {},
    });
    try {
      const { cohort } = await cohortWithLearner();
      await remember(follower.versions, cohort.id);
      await elsewhere
        .updateTable('books')
        .set({ name: 'Renamed book' })
        .where('id', '>', 0)
        .execute();
      await expect.poll(() => follower.versions.current(cohort.id)).toBeUndefined();
    } finally {
      await follower.stop();
    }
  });

  it("tells the cohort's day from its zone's clock, changing at the zone's midnight to the millisecond", async () => {
    const versions = new BoardVersions();
    versions.setListening(true);
    const known = (id: number, timeZone: string) =>
      versions.read(async () => ({
        id,
        today: '2000-01-01',
        time_zone: timeZone,
        cohort_version: '1',
        catalogue_version: '1',
      }));
    await known(1, 'America/Chicago');
    await known(2, 'Asia/Kathmandu');
    const todayAt = (instant: string, cohortId: number) => {
      vi.setSystemTime(new Date(instant));
      return versions.current(cohortId)?.today;
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(todayAt('2026-03-08T05:59:59.999Z', 1)).toBe('2026-03-07');
      expect(todayAt('2026-03-08T06:00:00.000Z', 1)).toBe('2026-03-08');
      // A clock set back a second answers the day it went back to.
      expect(todayAt('2026-03-08T05:59:59.000Z', 1)).toBe('2026-03-07');
      // Kathmandu is 5:45 ahead of UTC: its day starts at a quarter past the hour.
      expect(todayAt('2026-03-07T18:14:59.999Z', 2)).toBe('2026-03-07');
      expect(todayAt('2026-03-07T18:15:00.000Z', 2)).toBe('2026-03-08');
    } finally {
      vi.useRealTimers();
    }
  });
});
