import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignProject, createCourse, createLearner } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { daysBefore } from '../../../test/whole-days.ts';
import { percentileOfCounts } from './cohort-health.report.ts';

// The counts of how long past learners took (stay_lengths) follow every kind of change of the
// learners' moves, as a user of the board or the API makes them. Instants are whole days ago
// plus an hour, so spans are whole days exactly.

const daysAgo = daysBefore(Date.now());

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.db;

/** The counts of a course's projects or books, as `id: days×learners` for reading. */
async function lengths(kind: 'project' | 'book', ids: number[]) {
  const rows = await db()
    .selectFrom('stay_lengths')
    .select(['item_id', 'days', 'learners'])
    .where('kind', '=', kind)
    .where('item_id', 'in', ids)
    .where('learners', '>', 0)
    .orderBy('item_id')
    .orderBy('days')
    .execute();
  return rows.map((row) => `${ids.indexOf(row.item_id) + 1}: ${row.days}d×${row.learners}`);
}

async function courseOfTwoBooks() {
  const course = await createCourse(db(), { books: 2, projectsPerBook: 2 });
  const [a, b] = course.books[0]!.projects;
  const [c, d] = course.books[1]!.projects;
  const projects = [a!.id, b!.id, c!.id, d!.id];
  const books = course.books.map((book) => book.id);
  return { projects, books };
}

describe('how long past learners took', () => {
  it('counts the whole days of each project and book a learner left, not the one they are in', async () => {
    const { projects, books } = await courseOfTwoBooks();
    const [a, b, c] = projects as [number, number, number];
    for (const _ of [1, 2]) {
      const learner = await createLearner(db());
      await assignProject(db(), learner.id, a, daysAgo(10));
      await assignProject(db(), learner.id, b, daysAgo(7));
      await assignProject(db(), learner.id, c, daysAgo(2));
    }
    expect(await lengths('project', projects)).toEqual(['1: 3d×2', '2: 5d×2']);
    expect(await lengths('book', books)).toEqual(['1: 8d×2']);
  });

  it('adds up the stays of a learner who came back to a book, counting them once', async () => {
    const { projects, books } = await courseOfTwoBooks();
    const [a, b, c, d] = projects as [number, number, number, number];
    const learner = await createLearner(db());
    await assignProject(db(), learner.id, a, daysAgo(20));
    await assignProject(db(), learner.id, c, daysAgo(18));
    await assignProject(db(), learner.id, b, daysAgo(15));
    await assignProject(db(), learner.id, d, daysAgo(12));
    expect(await lengths('book', books)).toEqual(['1: 5d×1', '2: 3d×1']);
  });

  it('follows an undone move, a back-dated move and a learner deleted', async () => {
    const { projects } = await courseOfTwoBooks();
    const [a, b, c] = projects as [number, number, number];
    const learner = await createLearner(db());
    await assignProject(db(), learner.id, a, daysAgo(10));
    await assignProject(db(), learner.id, b, daysAgo(6));
    const last = await assignProject(db(), learner.id, c, daysAgo(1));
    expect(await lengths('project', projects)).toEqual(['1: 4d×1', '2: 5d×1']);

    await db().deleteFrom('student_projects').where('id', '=', last.id).execute();
    expect(await lengths('project', projects)).toEqual(['1: 4d×1']);

    await db()
      .updateTable('student_projects')
      .set({ assigned_at: daysAgo(8) })
      .where('student_id', '=', learner.id)
      .where('project_id', '=', b)
      .execute();
    expect(await lengths('project', projects)).toEqual(['1: 2d×1']);

    await db().deleteFrom('people').where('id', '=', learner.id).execute();
    expect(await lengths('project', projects)).toEqual([]);
  });

  it('moves the book days of every learner of a project moved to another book', async () => {
    const { projects, books } = await courseOfTwoBooks();
    const [a, b, c] = projects as [number, number, number];
    const learner = await createLearner(db());
    await assignProject(db(), learner.id, a, daysAgo(9));
    await assignProject(db(), learner.id, b, daysAgo(6));
    await assignProject(db(), learner.id, c, daysAgo(1));
    expect(await lengths('book', books)).toEqual(['1: 8d×1']);

    // Project b now belongs to the second book: book 1 lasted until b, book 2 began there.
    await db().updateTable('projects').set({ book_id: books[1]! }).where('id', '=', b).execute();
    expect(await lengths('book', books)).toEqual(['1: 3d×1']);
  });
});

describe('a percentile of the counts', () => {
  it("is PostgreSQL's percentile_cont of the days the counts stand for", async () => {
    const counts: [number, number][] = [
      [2, 3],
      [5, 1],
      [9, 4],
      [30, 1],
    ];
    const days = counts.flatMap(([value, learners]) => Array<number>(learners).fill(value));
    for (const fraction of [0, 0.2, 0.5, 0.75, 0.9, 1]) {
      const { rows } = await sql<{ value: number }>`
        select percentile_cont(${fraction}::float8) within group (order by d)::float8 as value
        from unnest(${days}::int[]) d`.execute(db());
      expect(percentileOfCounts(counts, fraction)).toBeCloseTo(rows[0]!.value, 9);
    }
    expect(percentileOfCounts([], 0.5)).toBeNull();
  });
});
