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

/** A course with one empty book. */
async function emptyBook() {
  const course = await createCourse(ctx.db, { books: 0 });
  const book = await ctx.db
    .insertInto('books')
    .values({ course_id: course.id, name: 'Empty book' })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  return { course, book };
}

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = staff.token,
) => ctx.request({ method, url: `/api${url}`, token, payload });

const groupProject = (book: number) => ({
  name: 'Group: Honey Rae',
  book,
  course: 1,
  index: 2,
  is_group_project: true,
  is_full_stack: true,
  client_template_url: 'https://github.com/templates/honey-rae-client',
  api_template_url: 'https://github.com/templates/honey-rae-api',
  implementation_url: 'https://github.com/solutions/honey-rae',
  active: true,
});

describe('POST /projects', () => {
  it('creates a group, full-stack project with its template URLs', async () => {
    const { course, book } = await emptyBook();
    const response = await send('POST', '/projects', groupProject(book.id));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      name: 'Group: Honey Rae',
      book: book.id,
      course: course.id,
      index: 2,
      active: true,
      is_group_project: true,
      is_full_stack: true,
      client_template_url: 'https://github.com/templates/honey-rae-client',
      api_template_url: 'https://github.com/templates/honey-rae-api',
      implementation_url: 'https://github.com/solutions/honey-rae',
    });
  });

  it('names the field on bad input, 404s an unknown book, and writes nothing', async () => {
    const book = (await emptyBook()).book.id;
    for (const [payload, field] of [
      [{ book, index: 0 }, 'body.name'],
      [{ name: 'No index', book }, 'body.index'],
      [{ name: 'No book', index: 0 }, 'body.book'],
      [{ name: 'x'.repeat(56), book, index: 0 }, 'body.name'],
      [
        { name: 'Bad url', book, index: 0, client_template_url: 'not a url' },
        'body.client_template_url',
      ],
      [{ name: 'Bad flag', book, index: 0, is_group_project: 'yes' }, 'body.is_group_project'],
    ] as const) {
      const response = await send('POST', '/projects', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    }
    const unknown = await send('POST', '/projects', { name: 'Lost', book: 999999, index: 0 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Book not found.');
    const rows = await ctx.db
      .selectFrom('projects')
      .select('id')
      .where('book_id', '=', book)
      .execute();
    expect(rows).toHaveLength(0);
  });
});

describe('GET /projects', () => {
  it('filters by book, course and group, and expands book and course on request', async () => {
    const course = await createCourse(ctx.db, { name: 'Expanded', books: 2, projectsPerBook: 1 });
    const [b1, b2] = course.books;
    const group = (await send('POST', '/projects', groupProject(b2!.id))).json();
    const byBook = (await send('GET', `/projects?bookId=${b2!.id}`)).json();
    expect(byBook.map((p: { id: number }) => p.id)).toEqual([b2!.projects[0]!.id, group.id]);
    const byCourse = (
      await send('GET', `/projects?courseId=${course.id}&expand=book&expand=course`)
    ).json();
    expect(byCourse).toHaveLength(3);
    expect(byCourse[0]).toMatchObject({
      id: b1!.projects[0]!.id,
      book: { id: b1!.id, name: 'Book 1' },
      course: { id: course.id, name: 'Expanded' },
    });
    const groups = (await send('GET', '/projects?group=true')).json();
    expect(groups.map((p: { id: number }) => p.id)).toContain(group.id);
    expect(groups.every((p: { is_group_project: boolean }) => p.is_group_project)).toBe(true);
  });

  it('shows the implementation URL to staff only', async () => {
    const { book } = await emptyBook();
    const created = (await send('POST', '/projects', groupProject(book.id))).json();
    const seen = (await send('GET', `/projects/${created.id}`, undefined, learner.token)).json();
    expect(seen.name).toBe('Group: Honey Rae');
    expect(seen).not.toHaveProperty('implementation_url');
    const listed = (
      await send('GET', `/projects?bookId=${book.id}`, undefined, learner.token)
    ).json();
    expect(listed[0]).not.toHaveProperty('implementation_url');
  });
});

describe('GET /projects/{id}', () => {
  it('answers one project with expansions, 404 for an unknown id, 400 for a bad expand', async () => {
    const course = await createCourse(ctx.db, { name: 'One', books: 1, projectsPerBook: 1 });
    const project = course.books[0]!.projects[0]!;
    const response = await send('GET', `/projects/${project.id}?&expand=book&expand=course`);
    expect(response.json()).toMatchObject({
      id: project.id,
      book: { id: course.books[0]!.id, name: 'Book 1' },
      course: { id: course.id, name: 'One' },
      is_group_project: false,
    });
    const unknown = await send('GET', '/projects/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Project not found.');
    const bad = await send('GET', `/projects/${project.id}?expand=secrets`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('querystring.expand');
  });
});

describe('PUT /projects/{id}', () => {
  it('changes only the fields sent: deprecating keeps the URLs', async () => {
    const { book } = await emptyBook();
    const created = (await send('POST', '/projects', groupProject(book.id))).json();
    const response = await send('PUT', `/projects/${created.id}`, { active: false });
    expect(response.statusCode).toBe(204);
    const after = (await send('GET', `/projects/${created.id}`)).json();
    expect(after).toEqual({ ...created, active: false });
    await send('PUT', `/projects/${created.id}`, { name: 'Group: Renamed', index: 4 });
    expect((await send('GET', `/projects/${created.id}`)).json()).toMatchObject({
      name: 'Group: Renamed',
      index: 4,
      implementation_url: 'https://github.com/solutions/honey-rae',
      api_template_url: 'https://github.com/templates/honey-rae-api',
    });
  });

  it('answers 404 for unknown ids and 400 naming a bad field', async () => {
    expect((await send('PUT', '/projects/999999', { active: false })).statusCode).toBe(404);
    const course = await createCourse(ctx.db, { books: 1, projectsPerBook: 1 });
    const project = course.books[0]!.projects[0]!;
    const moved = await send('PUT', `/projects/${project.id}`, { book: 999999 });
    expect(moved.statusCode).toBe(404);
    expect(moved.json().message).toBe('Book not found.');
    const bad = await send('PUT', `/projects/${project.id}`, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('body.name');
    expect((await send('GET', `/projects/${project.id}`)).json().name).toBe(project.name);
  });
});

describe('DELETE /projects/{id}', () => {
  it('deletes a project nobody was assigned to', async () => {
    const course = await createCourse(ctx.db, { books: 1, projectsPerBook: 1 });
    const project = course.books[0]!.projects[0]!;
    expect((await send('DELETE', `/projects/${project.id}`)).statusCode).toBe(204);
    expect((await send('GET', `/projects/${project.id}`)).statusCode).toBe(404);
    expect((await send('DELETE', '/projects/999999')).statusCode).toBe(404);
  });

  it('refuses with 409 when learners are assigned, and keeps the project', async () => {
    const course = await createCourse(ctx.db, { books: 1, projectsPerBook: 1 });
    const project = course.books[0]!.projects[0]!;
    await ctx.db
      .insertInto('student_projects')
      .values({ student_id: learner.id, project_id: project.id })
      .execute();
    const refused = await send('DELETE', `/projects/${project.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This project has learners assigned; deprecate it instead.',
    );
    expect((await send('GET', `/projects/${project.id}`)).statusCode).toBe(200);
  });
});
