import type { Book, BookListQuery, CreateBookBody, UpdateBookBody } from '@lp/contract/books';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../../lib/http-errors.ts';
import { deletedRows } from '../deleted-rows.ts';
import * as repo from './books.repository.ts';

function cleanName(name: string) {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('body.name must not be blank');
  return trimmed;
}

function parseOrder(orderBy: string[] | undefined): repo.BookOrder[] {
  const fields = orderBy ?? ['course', 'index'];
  return fields.map((field) => ({
    column: field.replace(/^-/, '') as repo.BookOrder['column'],
    descending: field.startsWith('-'),
  }));
}

export const listBooks = (app: FastifyInstance, query: BookListQuery) =>
  repo.listBooks(app.db, query.courseId, parseOrder(query.orderBy));

export async function getBook(app: FastifyInstance, id: number): Promise<Book> {
  const book = await repo.findBook(app.db, id);
  if (!book) throw notFound('Book');
  return book;
}

export async function createBook(app: FastifyInstance, actorId: number, body: CreateBookBody) {
  const name = cleanName(body.name);
  const id = await app.db.transaction().execute(async (trx) => {
    if (!(await repo.courseExists(trx, body.course))) throw notFound('Course');
    const book = await repo.insertBook(trx, {
      course_id: body.course,
      name,
      description: body.description?.trim() ?? '',
      // Without a position the book goes after the course's last book.
      index: body.index ?? (await repo.nextBookIndex(trx, body.course)),
    });
    await audit(trx, { actorId, action: 'create', entity: 'book', entityId: book.id, after: book });
    return book.id;
  });
  return getBook(app, id);
}

export async function updateBook(
  app: FastifyInstance,
  actorId: number,
  id: number,
  body: UpdateBookBody,
) {
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.findBookRow(trx, id);
    if (!before) throw notFound('Book');
    if (body.course !== undefined && !(await repo.courseExists(trx, body.course)))
      throw notFound('Course');
    const after = await repo.updateBook(trx, id, {
      ...(body.name !== undefined && { name: cleanName(body.name) }),
      ...(body.description !== undefined && { description: body.description.trim() }),
      ...(body.index !== undefined && { index: body.index }),
      ...(body.course !== undefined && { course_id: body.course }),
    });
    await audit(trx, { actorId, action: 'update', entity: 'book', entityId: id, before, after });
  });
}

/** Deletes a book with its projects and assessment, unless learners have history in it. */
export async function deleteBook(app: FastifyInstance, actorId: number, id: number) {
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.findBookRow(trx, id);
    if (!before) throw notFound('Book');
    const history = await repo.learnerHistory(trx, id);
    if (history.projects)
      throw conflict(
        "This book's projects have learners assigned; deprecate the projects instead.",
      );
    if (history.assessments)
      throw conflict("Learners have started this book's self-assessment; it cannot be deleted.");
    if (history.teams)
      throw conflict("Teams work on this book's group project; deprecate the project instead.");
    const rows = await repo.bookRows(trx, id);
    await repo.deleteBook(trx, id);
    await audit(trx, {
      actorId,
      action: 'delete',
      entity: 'book',
      entityId: id,
      before: { ...before, rows },
    });
  });
}

/** Undoes the book's latest deletion: the book, its projects and self-assessment as they were. */
export async function restoreBook(app: FastifyInstance, actorId: number, id: number) {
  await app.db.transaction().execute(async (trx) => {
    const rows = await deletedRows<repo.BookRows>(trx, 'book', id, 'book', async () =>
      Boolean(await repo.findBookRow(trx, id)),
    );
    const courseId = Number(rows.books[0]?.course_id);
    if (!(await repo.courseExists(trx, courseId)))
      throw conflict("The book's course was deleted since: the book cannot come back.");
    await repo.insertBookRows(trx, rows);
    await audit(trx, { actorId, action: 'restore', entity: 'book', entityId: id });
  });
  return getBook(app, id);
}
