import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createLearner, createStaff } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

let ctx: TestContext;
let staff: { id: number; token: string };
let learner: { id: number; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
  learner = await createLearner(ctx.db);
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.request({ method, url: `/api${url}`, token: staff.token, payload });

describe('GET /books', () => {
  it("lists a course's books in order with project counts and assessments", async () => {
    const course = await createCourse(ctx.db, { name: 'Ordered', books: 3, projectsPerBook: 2 });
    const [b1, b2, b3] = course.books;
    await ctx.db.updateTable('books').set({ index: 5 }).where('id', '=', b1!.id).execute();
    await ctx.db
      .updateTable('projects')
      .set({ active: false })
      .where('id', '=', b2!.projects[0]!.id)
      .execute();
    await ctx.db
      .insertInto('assessments')
      .values({ book_id: b3!.id, name: 'Check three', source_url: 'https://github.com/a/b' })
      .execute();
    const response = await ctx.request({
      method: 'GET',
      url: `/api/books?orderBy=course&orderBy=index&courseId=${course.id}`,
      token: learner.token,
    });
    expect(response.statusCode).toBe(200);
    const books = response.json();
    expect(books.map((b: { id: number }) => b.id)).toEqual([b2!.id, b3!.id, b1!.id]);
    expect(books[0]).toMatchObject({
      name: 'Book 2',
      description: '',
      projects: 2, // deprecated ones count too
      has_assessment: false,
      assessments: [],
      course: { id: course.id, name: 'Ordered', active: true },
    });
    expect(books[1]).toMatchObject({
      has_assessment: true,
      assessments: [{ id: expect.any(Number), name: 'Check three' }],
    });
    const descending = (await send('GET', `/books?courseId=${course.id}&orderBy=-index`)).json();
    expect(descending.map((b: { id: number }) => b.id)).toEqual([b1!.id, b3!.id, b2!.id]);
  });

  it('answers 400 naming an unknown order field and 401 to anonymous callers', async () => {
    const bad = await send('GET', '/books?orderBy=password');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('querystring.orderBy');
    expect((await ctx.request({ method: 'GET', url: '/api/books' })).statusCode).toBe(401);
  });
});

describe('GET /books/{id}', () => {
  it('answers one book and 404 for an unknown id', async () => {
    const course = await createCourse(ctx.db, { books: 1 });
    const book = course.books[0]!;
    const response = await ctx.request({
      method: 'GET',
      url: `/api/books/${book.id}`,
      token: learner.token,
    });
    expect(response.json()).toMatchObject({ id: book.id, course: { id: course.id } });
    const unknown = await send('GET', '/books/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Book not found.');
  });
});

describe('POST /books', () => {
  it('creates a book after the last one unless a position is given', async () => {
    const course = await createCourse(ctx.db, { books: 2 });
    const created = await send('POST', '/books', {
      name: 'Book three',
      description: 'More to learn',
      course: course.id,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Book three',
      description: 'More to learn',
      index: 2,
      projects: 0,
      has_assessment: false,
      course: { id: course.id },
    });
    const placed = await send('POST', '/books', { name: 'First', course: course.id, index: 0 });
    expect(placed.json().index).toBe(0);
  });

  it('names the field on bad input, 404s an unknown course, and writes nothing', async () => {
    const course = await createCourse(ctx.db, { books: 0 });
    for (const [payload, field] of [
      [{ course: course.id }, 'body.name'],
      [{ name: 'No course' }, 'body.course'],
      [{ name: ' ', course: course.id }, 'body.name'],
      [{ name: 'Bad index', course: course.id, index: -1 }, 'body.index'],
      [{ name: 'Bad course', course: 'one' }, 'body.course'],
    ] as const) {
      const response = await send('POST', '/books', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    }
    const unknown = await send('POST', '/books', { name: 'Lost', course: 999999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Course not found.');
    const books = await ctx.db
      .selectFrom('books')
      .select('id')
      .where('course_id', '=', course.id)
      .execute();
    expect(books).toHaveLength(0);
  });
});

describe('PUT /books/{id}', () => {
  it('changes the fields sent', async () => {
    const course = await createCourse(ctx.db, { books: 1 });
    const book = course.books[0]!;
    await send('PUT', `/books/${book.id}`, { description: 'Now described' });
    const response = await send('PUT', `/books/${book.id}`, { name: 'Renamed', index: 3 });
    expect(response.statusCode).toBe(204);
    expect((await send('GET', `/books/${book.id}`)).json()).toMatchObject({
      name: 'Renamed',
      index: 3,
      description: 'Now described',
    });
  });

  it('answers 404 for an unknown book or course', async () => {
    expect((await send('PUT', '/books/999999', { name: 'X' })).statusCode).toBe(404);
    const course = await createCourse(ctx.db, { books: 1 });
    const moved = await send('PUT', `/books/${course.books[0]!.id}`, { course: 999999 });
    expect(moved.statusCode).toBe(404);
    expect(moved.json().message).toBe('Course not found.');
  });
});

describe('DELETE /books/{id}', () => {
  it('deletes a book nobody worked in, with its projects and assessment', async () => {
    const course = await createCourse(ctx.db, { books: 1, projectsPerBook: 2 });
    const book = course.books[0]!;
    await ctx.db
      .insertInto('assessments')
      .values({ book_id: book.id, name: 'Gone', source_url: 'https://github.com/a/b' })
      .execute();
    const response = await send('DELETE', `/books/${book.id}`);
    expect(response.statusCode).toBe(204);
    expect((await send('GET', `/books/${book.id}`)).statusCode).toBe(404);
    const projects = await ctx.db
      .selectFrom('projects')
      .select('id')
      .where('book_id', '=', book.id)
      .execute();
    expect(projects).toHaveLength(0);
    expect((await send('DELETE', '/books/999999')).statusCode).toBe(404);
  });

  it('refuses with 409 when learners are assigned to its projects or started its assessment', async () => {
    const course = await createCourse(ctx.db, { books: 2, projectsPerBook: 1 });
    const [assigned, assessed] = course.books;
    await ctx.db
      .insertInto('student_projects')
      .values({ student_id: learner.id, project_id: assigned!.projects[0]!.id })
      .execute();
    const refused = await send('DELETE', `/books/${assigned!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "This book's projects have learners assigned; deprecate the projects instead.",
    );
    expect((await send('GET', `/books/${assigned!.id}`)).statusCode).toBe(200);

    const assessment = await ctx.db
      .insertInto('assessments')
      .values({ book_id: assessed!.id, name: 'Started', source_url: 'https://github.com/a/b' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('student_assessments')
      .values({ student_id: learner.id, assessment_id: assessment.id, status_id: 1 })
      .execute();
    const started = await send('DELETE', `/books/${assessed!.id}`);
    expect(started.statusCode).toBe(409);
    expect(started.json().message).toContain('self-assessment');
    expect((await send('GET', `/books/${assessed!.id}`)).statusCode).toBe(200);
  });
});
