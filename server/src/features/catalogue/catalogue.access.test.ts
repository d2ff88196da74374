import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createLearner } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

// Every mutating catalogue route, with a body that would succeed for staff: a learner gets 403
// and an anonymous caller 401, and nothing changes.

let ctx: TestContext;
let learner: { id: number; token: string };
let routes: Array<{ method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }>;

beforeAll(async () => {
  ctx = await createTestContext();
  learner = await createLearner(ctx.db);
  const course = await createCourse(ctx.db, { books: 1, projectsPerBook: 1 });
  const book = course.books[0]!;
  const project = book.projects[0]!;
  const objective = await ctx.db
    .insertInto('learning_objectives')
    .values({ label: 'Guarded', weight: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const assessment = await ctx.db
    .insertInto('assessments')
    .values({ book_id: book.id, name: 'Guarded', source_url: 'https://github.com/a/b' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const other = await createLearner(ctx.db);
  const started = await ctx.db
    .insertInto('student_assessments')
    .values({ student_id: other.id, assessment_id: assessment.id, status_id: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  routes = [
    { method: 'POST', url: '/courses', payload: { name: 'Sneaky' } },
    { method: 'PUT', url: `/courses/${course.id}`, payload: { name: 'Sneaky' } },
    { method: 'DELETE', url: `/courses/${course.id}` },
    { method: 'POST', url: '/books', payload: { name: 'Sneaky', course: course.id } },
    { method: 'PUT', url: `/books/${book.id}`, payload: { name: 'Sneaky' } },
    { method: 'DELETE', url: `/books/${book.id}` },
    { method: 'POST', url: '/projects', payload: { name: 'Sneaky', book: book.id, index: 0 } },
    { method: 'PUT', url: `/projects/${project.id}`, payload: { active: false } },
    { method: 'DELETE', url: `/projects/${project.id}` },
    {
      method: 'POST',
      url: '/assessments',
      payload: { name: 'Sneaky', sourceURL: 'https://github.com/s/s', bookId: book.id },
    },
    {
      method: 'POST',
      url: '/assessments',
      payload: { studentId: learner.id, assessmentId: assessment.id },
    },
    { method: 'PUT', url: `/assessments/${started.id}`, payload: { status: 4 } },
    { method: 'DELETE', url: `/assessments/${assessment.id}` },
    { method: 'PUT', url: `/bookassessments/${assessment.id}`, payload: { objectives: [] } },
    { method: 'POST', url: '/weights', payload: { label: 'Sneaky', weight: 100 } },
    { method: 'PUT', url: `/weights/${objective.id}`, payload: { weight: 100 } },
    { method: 'DELETE', url: `/weights/${objective.id}` },
  ];
});
afterAll(() => ctx.close());

const snapshot = async () => ({
  courses: await ctx.db.selectFrom('courses').selectAll().orderBy('id').execute(),
  books: await ctx.db.selectFrom('books').selectAll().orderBy('id').execute(),
  projects: await ctx.db.selectFrom('projects').selectAll().orderBy('id').execute(),
  assessments: await ctx.db.selectFrom('assessments').selectAll().orderBy('id').execute(),
  links: await ctx.db.selectFrom('assessment_objectives').selectAll().execute(),
  given: await ctx.db.selectFrom('student_assessments').selectAll().orderBy('id').execute(),
  objectives: await ctx.db.selectFrom('learning_objectives').selectAll().orderBy('id').execute(),
  audit: await ctx.db.selectFrom('audit_log').select('id').execute(),
});

describe('catalogue changes are for staff only', () => {
  it('answers 403 to a learner and 401 to an anonymous caller on every mutating route', async () => {
    const before = await snapshot();
    for (const route of routes) {
      const denied = await ctx.request({ ...route, url: `/api${route.url}`, token: learner.token });
      expect(denied.statusCode, `${route.method} ${route.url}`).toBe(403);
      const anonymous = await ctx.request({ ...route, url: `/api${route.url}` });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });
});
