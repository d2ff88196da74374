import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeHeard } from '../../../test/change-heard.ts';
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
import { nextQuarterHour } from './board.service.ts';

// The board is a cached read on the change feed: an unchanged board is answered 304 without a
// query, a change of a table its statement reads, made anywhere, makes the next answer a 200, and
// writes to tables it does not read leave it kept.
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
 * Watches the app's statements and waits until an unchanged board is answered without the
 * board's own (the set-up's notifications may still be on their way; once heard, the board
 * stays kept). A token check may still run once its second of cache ends, so only the board's count.
 */
async function untilAnsweredFromMemory(cohortId: number, etag: string) {
  const statements = vi.spyOn(ctx.db, 'executeQuery');
  const boardStatements = () =>
    statements.mock.calls.filter(([query]) =>
      /instructor board/.test('sql' in query ? query.sql : ''),
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

describe('the board kept in memory', () => {
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

  it('stays kept through writes to tables its statement does not read: a stream ticket, a failed sign-in, a job', async () => {
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

    const heard = changeHeard(ctx.app.changes, 'student_projects');
    await moveElsewhere(learner.id, nextProject);
    // On a PostgreSQL server the other connection's change arrives a moment after its commit.
    await heard;
    const fresh = await getBoard(cohort.id, etag);
    expect(fresh.statusCode).toBe(200);
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

  it("leaves another cohort's board kept when one cohort changes", async () => {
    const moved = await cohortWithLearner();
    const still = await cohortWithLearner();
    const etag = String((await getBoard(still.cohort.id)).headers.etag);
    await assignProject(ctx.db, moved.learner.id, moved.nextProject);
    // Read again (the tables changed) but the same bytes: the same ETag, still a 304.
    expect((await getBoard(still.cohort.id, etag)).statusCode).toBe(304);
  });

  it("is built again once its cohort's day may have moved on (a quarter hour of UTC)", async () => {
    // Kathmandu is 5:45 ahead of UTC: its day starts at a quarter past the hour.
    expect(nextQuarterHour(Date.parse('2026-03-07T18:14:59.999Z'))).toBe(
      Date.parse('2026-03-07T18:15:00.000Z'),
    );
    expect(nextQuarterHour(Date.parse('2026-03-07T18:15:00.000Z'))).toBe(
      Date.parse('2026-03-07T18:30:00.000Z'),
    );
    const { cohort } = await cohortWithLearner();
    // The cohort's day by the database's clock, which the board's day counts follow.
    const cohortDay = async () =>
      (
        await sql<{ day: string }>`select (now() at time zone c.time_zone)::date::text as day
          from cohorts c where c.id = ${cohort.id}`.execute(ctx.db)
      ).rows[0]?.day;
    const etag = String((await getBoard(cohort.id)).headers.etag);
    const dayBefore = await cohortDay();
    const { boardStatements, restore } = await untilAnsweredFromMemory(cohort.id, etag);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(nextQuarterHour(Date.now()));
      const again = await getBoard(cohort.id, etag);
      expect(boardStatements()).toBe(1);
      // Built again: the same bytes answer 304, unless the cohort's real day has turned meanwhile
      // (a test run at its midnight), when the new day's counts are a new board.
      expect(again.statusCode).toBe((await cohortDay()) === dayBefore ? 304 : 200);
    } finally {
      vi.useRealTimers();
      restore();
    }
  });
});
