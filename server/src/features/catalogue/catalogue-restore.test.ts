import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createLearner, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let staff: { id: number; token: string };
let learner: { id: number; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
  learner = await createLearner(ctx.db);
});
afterAll(() => ctx.close());

const send = (method: 'POST' | 'DELETE', url: string, token = staff.token) =>
  ctx.request({ method, url: `/api${url}`, token });

/** Every row of these tables, each as the database's JSON of it, in a stable order. */
async function tables(...names: string[]) {
  const all: Record<string, unknown[]> = {};
  for (const name of names) {
    const { rows } = await sql<{ row: unknown }>`
      select to_jsonb(t) as row from ${sql.table(name)} t order by to_jsonb(t)::text`.execute(
      ctx.db,
    );
    all[name] = rows.map(({ row }) => row);
  }
  return all;
}

/** The objectives the book's self-assessment lists, by id. */
async function placesIn(bookId: number) {
  const rows = await ctx.db
    .selectFrom('assessment_objectives as ao')
    .innerJoin('assessments as a', 'a.id', 'ao.assessment_id')
    .select('ao.objective_id')
    .where('a.book_id', '=', bookId)
    .orderBy('ao.objective_id')
    .execute();
  return rows.map((row) => row.objective_id);
}

async function objective(label: string) {
  return ctx.db
    .insertInto('learning_objectives')
    .values({ label, weight: 2, tier: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A book with two projects, its self-assessment listing two objectives, a learner's repository
 * linked to a project and the assessment's LMS grade column. */
async function fullBook(name: string) {
  const course = await createCourse(ctx.db, { name, books: 1, projectsPerBook: 2 });
  const book = course.books[0]!;
  const assessment = await ctx.db
    .insertInto('assessments')
    .values({ book_id: book.id, name: `${name} check`, source_url: 'https://github.com/a/b' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const label of [`${name} one`, `${name} two`]) {
    const { id } = await objective(label);
    await ctx.db
      .insertInto('assessment_objectives')
      .values({ assessment_id: assessment.id, objective_id: id })
      .execute();
  }
  const repository = await ctx.db
    .insertInto('repositories')
    .values({ full_name: `school/${name}`, html_url: `https://github.com/school/${name}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('repository_links')
    .values({
      repository_id: repository.id,
      learner_id: learner.id,
      project_id: book.projects[0]!.id,
      source: 'learner',
    })
    .execute();
  const platform = await ctx.db
    .insertInto('lti_platforms')
    .values({
      name: 'LMS',
      issuer: `https://lms.example/${name}`,
      client_id: 'tool',
      authorization_endpoint: 'https://lms.example/auth',
      token_endpoint: 'https://lms.example/token',
      jwks_url: 'https://lms.example/jwks',
      deployment_ids: ['1'],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const context = await ctx.db
    .insertInto('lti_contexts')
    .values({ platform_id: platform.id, deployment_id: '1', context_id: name, title: name })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('lti_line_items')
    .values({ context_id: context.id, assessment_id: assessment.id, url: 'https://lms.example/li' })
    .execute();
  return { course, book };
}

const CATALOGUE = [
  'books',
  'projects',
  'assessments',
  'assessment_objectives',
  'learning_objectives',
  'lti_line_items',
  'repository_links',
];

describe('POST /books/{id}/restore', () => {
  it("puts a deleted book back exactly: its projects, self-assessment, objectives' places, LMS grade column and repository link", async () => {
    const { book } = await fullBook('Restored');
    const before = await tables(...CATALOGUE);
    expect((await send('DELETE', `/books/${book.id}`)).statusCode).toBe(204);
    const deleted = await tables(...CATALOGUE);
    expect(deleted.projects).toHaveLength(before.projects!.length - 2);
    expect(deleted.lti_line_items).toHaveLength(before.lti_line_items!.length - 1);

    const restored = await send('POST', `/books/${book.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: book.id, name: book.name, projects: 2 });
    expect(await tables(...CATALOGUE)).toEqual(before);
  });

  it('answers 409 once the book is back, 404 for a book never deleted, and leaves what is there', async () => {
    const { book } = await fullBook('Twice');
    await send('DELETE', `/books/${book.id}`);
    expect((await send('POST', `/books/${book.id}/restore`)).statusCode).toBe(200);
    const again = await send('POST', `/books/${book.id}/restore`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This book is there already: there is nothing to undo.');
    const never = await send('POST', '/books/987654/restore');
    expect(never.statusCode).toBe(404);
    expect(never.json().message).toContain('Deleted book');
  });

  it('restores a book only once when two undos arrive together', async () => {
    const { book } = await fullBook('Together');
    await send('DELETE', `/books/${book.id}`);
    const answers = await Promise.all([
      send('POST', `/books/${book.id}/restore`),
      send('POST', `/books/${book.id}/restore`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const projects = await ctx.db
      .selectFrom('projects')
      .select('id')
      .where('book_id', '=', book.id)
      .execute();
    expect(projects).toHaveLength(2);
  });

  it('leaves out the place of an objective deleted since', async () => {
    const { book } = await fullBook('Leaner');
    const [first] = await placesIn(book.id);
    await send('DELETE', `/books/${book.id}`);
    expect((await send('DELETE', `/weights/${first}`)).statusCode).toBe(204);
    expect((await send('POST', `/books/${book.id}/restore`)).statusCode).toBe(200);
    const places = await placesIn(book.id);
    expect(places).toHaveLength(1);
    expect(places).not.toContain(first);
  });

  it('is for staff only', async () => {
    const { book } = await fullBook('Guarded');
    await send('DELETE', `/books/${book.id}`);
    expect((await send('POST', `/books/${book.id}/restore`, learner.token)).statusCode).toBe(403);
    expect(
      (await ctx.request({ method: 'POST', url: `/api/books/${book.id}/restore` })).statusCode,
    ).toBe(401);
    const stillGone = await ctx.db
      .selectFrom('books')
      .select('id')
      .where('id', '=', book.id)
      .execute();
    expect(stillGone).toEqual([]);
  });
});

describe('POST /weights/{id}/restore', () => {
  it('puts a deleted objective back with its id, in the self-assessments that listed it', async () => {
    const { book } = await fullBook('Objective');
    const [id] = await placesIn(book.id);
    const before = await tables('learning_objectives', 'assessment_objectives');
    expect((await send('DELETE', `/weights/${id}`)).statusCode).toBe(204);
    expect((await tables('assessment_objectives')).assessment_objectives).toHaveLength(
      before.assessment_objectives!.length - 1,
    );
    const restored = await send('POST', `/weights/${id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ id, label: 'Objective one', weight: 2, tier: 1 });
    expect(await tables('learning_objectives', 'assessment_objectives')).toEqual(before);
  });

  it('answers 409 when another objective took its label meanwhile, or it is back already', async () => {
    const { id } = await objective('Taken since');
    await send('DELETE', `/weights/${id}`);
    await objective('taken since ');
    const taken = await send('POST', `/weights/${id}/restore`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain("'Taken since' already exists");

    const { id: other } = await objective('Back again');
    await send('DELETE', `/weights/${other}`);
    expect((await send('POST', `/weights/${other}/restore`)).statusCode).toBe(200);
    expect((await send('POST', `/weights/${other}/restore`)).statusCode).toBe(409);
    expect((await send('POST', `/weights/${other}/restore`, learner.token)).statusCode).toBe(403);
  });
});

/** The id of the book's self-assessment. */
async function assessmentOf(bookId: number) {
  const row = await ctx.db
    .selectFrom('assessments')
    .select('id')
    .where('book_id', '=', bookId)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('POST /assessments/{id}/restore', () => {
  it("puts a deleted self-assessment back with its id, its objectives' places and its LMS grade column", async () => {
    const { book } = await fullBook('Assessed');
    const id = await assessmentOf(book.id);
    const before = await tables(...CATALOGUE);
    expect((await send('DELETE', `/assessments/${id}`)).statusCode).toBe(204);
    const deleted = await tables(...CATALOGUE);
    expect(deleted.lti_line_items).toHaveLength(before.lti_line_items!.length - 1);
    expect(deleted.assessment_objectives).toHaveLength(before.assessment_objectives!.length - 2);

    const restored = await send('POST', `/assessments/${id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id, name: 'Assessed check' });
    expect(restored.json().objectives).toHaveLength(2);
    expect(await tables(...CATALOGUE)).toEqual(before);
    expect((await send('POST', `/assessments/${id}/restore`)).statusCode).toBe(409);
  });

  it('answers 409 when its book has another self-assessment since, or was deleted since', async () => {
    const { book } = await fullBook('Replaced');
    const id = await assessmentOf(book.id);
    await send('DELETE', `/assessments/${id}`);
    await ctx.db
      .insertInto('assessments')
      .values({ book_id: book.id, name: 'Newer check', source_url: 'https://github.com/a/c' })
      .execute();
    const replaced = await send('POST', `/assessments/${id}/restore`);
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().message).toContain('another self-assessment since (Newer check)');

    const { book: gone } = await fullBook('Bookless');
    const orphan = await assessmentOf(gone.id);
    await send('DELETE', `/assessments/${orphan}`);
    expect((await send('DELETE', `/books/${gone.id}`)).statusCode).toBe(204);
    const bookless = await send('POST', `/assessments/${orphan}/restore`);
    expect(bookless.statusCode).toBe(409);
    expect(bookless.json().message).toContain('book was deleted since');
    expect((await send('POST', '/assessments/987654/restore')).statusCode).toBe(404);
  });

  it('is for staff only', async () => {
    const { book } = await fullBook('Assessment guard');
    const id = await assessmentOf(book.id);
    await send('DELETE', `/assessments/${id}`);
    expect((await send('POST', `/assessments/${id}/restore`, learner.token)).statusCode).toBe(403);
    expect(
      (await ctx.request({ method: 'POST', url: `/api/assessments/${id}/restore` })).statusCode,
    ).toBe(401);
    expect(await ctx.db.selectFrom('assessments').where('id', '=', id).execute()).toEqual([]);
  });
});

describe('POST /projects/{id}/restore', () => {
  it("puts a deleted project back with its id, and links the learner's repository to it again", async () => {
    const { book } = await fullBook('Projected');
    const project = book.projects[0]!;
    const before = await tables(...CATALOGUE);
    expect((await send('DELETE', `/projects/${project.id}`)).statusCode).toBe(204);
    const unlinked = await ctx.db
      .selectFrom('repository_links')
      .select('project_id')
      .where('learner_id', '=', learner.id)
      .where('project_id', '=', project.id)
      .execute();
    expect(unlinked).toEqual([]);

    const restored = await send('POST', `/projects/${project.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: project.id, name: project.name });
    expect(await tables(...CATALOGUE)).toEqual(before);
    expect((await send('POST', `/projects/${project.id}/restore`)).statusCode).toBe(409);
  });

  it('answers 409 when its book was deleted since, 404 for a project never deleted, and is for staff only', async () => {
    const { book } = await fullBook('Projectless');
    const project = book.projects[1]!;
    await send('DELETE', `/projects/${project.id}`);
    expect((await send('POST', `/projects/${project.id}/restore`, learner.token)).statusCode).toBe(
      403,
    );
    expect((await send('DELETE', `/books/${book.id}`)).statusCode).toBe(204);
    const bookless = await send('POST', `/projects/${project.id}/restore`);
    expect(bookless.statusCode).toBe(409);
    expect(bookless.json().message).toContain('book was deleted since');
    expect((await send('POST', '/projects/987654/restore')).statusCode).toBe(404);
  });
});
