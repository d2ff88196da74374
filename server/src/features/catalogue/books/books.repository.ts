import type { Book } from '@lp/contract/books';
import type { CatalogueRef } from '@lp/contract/catalogue';
import { sql } from 'kysely';
import type { Db } from '../../../db/schema.ts';
import { calendarDaySql } from '../../../lib/dates.ts';
import { assessmentRows, insertAssessmentRows } from '../assessments/assessments.repository.ts';
import { insertRows, rowsOf } from '../deleted-rows.ts';
import { insertProjectRows, projectRows } from '../projects/projects.repository.ts';

const orderColumns = {
  course: 'books.course_id',
  index: 'books.index',
  name: 'books.name',
  id: 'books.id',
} as const;
export type BookOrder = { column: keyof typeof orderColumns; descending: boolean };

const selectBooks = (db: Db) =>
  db
    .selectFrom('books')
    .innerJoin('courses', 'courses.id', 'books.course_id')
    .select([
      'books.id',
      'books.index',
      'books.name',
      'books.description',
      sql<Book['course']>`json_build_object(
        'id', courses.id, 'name', courses.name, 'active', courses.active,
        'date_created', ${calendarDaySql('courses.created_at')}
      )`.as('course'),
      sql<boolean>`exists (select 1 from assessments a where a.book_id = books.id)`.as(
        'has_assessment',
      ),
      sql<number>`(select count(*)::int from projects p where p.book_id = books.id)`.as('projects'),
      sql<CatalogueRef[]>`coalesce((
        select json_agg(json_build_object('id', a.id, 'name', a.name) order by a.id)
        from assessments a where a.book_id = books.id
      ), '[]'::json)`.as('assessments'),
    ]);

export function listBooks(db: Db, courseId: number | undefined, order: BookOrder[]) {
  let query = selectBooks(db);
  if (courseId !== undefined) query = query.where('books.course_id', '=', courseId);
  for (const { column, descending } of order) {
    query = query.orderBy(orderColumns[column], descending ? 'desc' : 'asc');
  }
  return query.orderBy('books.id').execute();
}

export const findBook = (db: Db, id: number): Promise<Book | undefined> =>
  selectBooks(db).where('books.id', '=', id).executeTakeFirst();

/** The book's own columns, locked for the transaction's change. */
export const findBookRow = (db: Db, id: number) =>
  db
    .selectFrom('books')
    .select(['id', 'course_id', 'name', 'description', 'index'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const courseExists = async (db: Db, id: number) =>
  Boolean(await db.selectFrom('courses').select('id').where('id', '=', id).executeTakeFirst());

export const nextBookIndex = async (db: Db, courseId: number) => {
  const row = await db
    .selectFrom('books')
    .select(sql<number>`coalesce(max(index) + 1, 0)::int`.as('next'))
    .where('course_id', '=', courseId)
    .executeTakeFirstOrThrow();
  return row.next;
};

type BookValues = { course_id: number; name: string; description: string; index: number };

export const insertBook = (db: Db, values: BookValues) =>
  db
    .insertInto('books')
    .values(values)
    .returning(['id', 'course_id', 'name', 'description', 'index'])
    .executeTakeFirstOrThrow();

export const updateBook = (db: Db, id: number, values: Partial<BookValues>) =>
  db
    .updateTable('books')
    .set(values)
    .where('id', '=', id)
    .returning(['id', 'course_id', 'name', 'description', 'index'])
    .executeTakeFirstOrThrow();

/** What learners have done in this book: assignments, started self-assessments, team work. */
export const learnerHistory = (db: Db, bookId: number) =>
  db
    .selectNoFrom([
      sql<boolean>`exists (
        select 1 from student_projects sp join projects p on p.id = sp.project_id
        where p.book_id = ${bookId})`.as('projects'),
      sql<boolean>`exists (
        select 1 from student_assessments sa join assessments a on a.id = sa.assessment_id
        where a.book_id = ${bookId})`.as('assessments'),
      sql<boolean>`exists (
        select 1 from projects p where p.book_id = ${bookId} and (
          exists (select 1 from teams t where t.group_project_id = p.id)
          or exists (select 1 from group_project_repositories r where r.project_id = p.id)))`.as(
        'teams',
      ),
    ])
    .executeTakeFirstOrThrow();

export const deleteBook = (db: Db, id: number) =>
  db.deleteFrom('books').where('id', '=', id).executeTakeFirst();

/** The book's rows a deletion takes with it, kept in its audit entry for its undo. */
export async function bookRows(db: Db, id: number) {
  return {
    books: await rowsOf(db, 'books', 'id', [id]),
    ...(await projectRows(db, 'book_id', id)),
    ...(await assessmentRows(db, 'book_id', id)),
  };
}
export type BookRows = Awaited<ReturnType<typeof bookRows>>;

/** Puts a deleted book's rows back as they were (its course is there). */
export async function insertBookRows(db: Db, rows: BookRows) {
  await insertRows(db, 'books', rows.books);
  await insertProjectRows(db, rows);
  await insertAssessmentRows(db, rows);
}
