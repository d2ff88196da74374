import { createAssessment, createCourse, createObjective, startAssessment } from '../factories.ts';
import { unique } from './unique.ts';
import type { RequestBuilder, World } from './world.ts';

const firstBook = (world: World) => world.course.books[0]!;
const secondBook = (world: World) => world.course.books[1]!;

/** The learner's self-assessment of the first book, started. */
export async function learnerAssessment(world: World) {
  const assessment = await createAssessment(world.db, firstBook(world).id);
  return startAssessment(world.db, world.learner.id, assessment.id);
}

/** Deleted by staff through the API, so that its deletion's undo has what it needs. */
async function deleted(ctx: World['ctx'], staff: World['staff'], url: string) {
  const answer = await ctx.request({ method: 'DELETE', url: `/api${url}`, token: staff.token });
  if (answer.statusCode !== 204) throw new Error(`Not deleted: ${answer.body}`);
}

/** Courses, books, projects, self-assessments and learning objectives. */
export const catalogueRequests: Record<string, RequestBuilder> = {
  'GET /courses': () => ({}),
  'GET /courses/:id': ({ course }) => ({ params: { id: course.id } }),
  'GET /courses/:id/stats': ({ course }) => ({ params: { id: course.id } }),
  'POST /courses': () => ({ body: { name: unique('Course ') } }),
  'PUT /courses/:id': ({ course }) => ({ params: { id: course.id }, body: { name: 'Renamed' } }),
  'DELETE /courses/:id': ({ course }) => ({ params: { id: course.id } }),

  'GET /books': ({ course }) => ({ query: { courseId: course.id } }),
  'GET /books/:id': (world) => ({ params: { id: firstBook(world).id } }),
  'POST /books': ({ course }) => ({ body: { name: 'Book 3', course: course.id, index: 2 } }),
  'PUT /books/:id': (world) => ({ params: { id: firstBook(world).id }, body: { name: 'Renamed' } }),
  'DELETE /books/:id': (world) => ({ params: { id: secondBook(world).id } }),
  'POST /books/:id/restore': async ({ ctx, db, staff }) => {
    const book = (await createCourse(db, { books: 1, projectsPerBook: 1 })).books[0]!;
    await deleted(ctx, staff, `/books/${book.id}`);
    return { params: { id: book.id } };
  },

  'GET /projects': (world) => ({ query: { bookId: firstBook(world).id } }),
  'GET /projects/:id': (world) => ({ params: { id: firstBook(world).projects[0]!.id } }),
  'POST /projects': (world) => ({
    body: { name: 'Project 1.3', book: firstBook(world).id, index: 2 },
  }),
  'PUT /projects/:id': (world) => ({
    params: { id: firstBook(world).projects[0]!.id },
    body: { name: 'Renamed' },
  }),
  'DELETE /projects/:id': (world) => ({ params: { id: secondBook(world).projects[1]!.id } }),
  'POST /projects/:id/restore': async ({ ctx, db, staff }) => {
    const project = (await createCourse(db, { books: 1, projectsPerBook: 1 })).books[0]!
      .projects[0]!;
    await deleted(ctx, staff, `/projects/${project.id}`);
    return { params: { id: project.id } };
  },

  'GET /assessments': ({ learner }) => ({ query: { studentId: learner.id } }),
  'GET /assessments/:id': async (world) => ({
    params: { id: (await learnerAssessment(world)).id },
  }),
  'POST /assessments': (world) => ({
    body: {
      name: 'Book 2 self-assessment',
      sourceURL: 'https://github.com/templates/book-2',
      bookId: secondBook(world).id,
      objectives: [],
    },
  }),
  'PUT /assessments/:id': async (world) => ({
    params: { id: (await learnerAssessment(world)).id },
    body: { status: 3 },
  }),
  'DELETE /assessments/:id': async (world) => ({
    params: { id: (await createAssessment(world.db, secondBook(world).id)).id },
  }),
  'POST /assessments/:id/restore': async ({ ctx, db, staff }) => {
    const book = (await createCourse(db, { books: 1, projectsPerBook: 1 })).books[0]!;
    const { id } = await createAssessment(db, book.id);
    await deleted(ctx, staff, `/assessments/${id}`);
    return { params: { id } };
  },
  'GET /bookassessments': () => ({}),
  'GET /bookassessments/:id': async (world) => ({
    params: { id: (await createAssessment(world.db, firstBook(world).id)).id },
  }),
  'PUT /bookassessments/:id': async (world) => ({
    params: { id: (await createAssessment(world.db, firstBook(world).id)).id },
    body: { name: 'Renamed' },
  }),

  'GET /weights': ({ learner }) => ({ query: { studentId: learner.id } }),
  'POST /weights': () => ({ body: { label: unique('Objective '), weight: 5, tier: 1 } }),
  'PUT /weights/:id': async ({ db }) => ({
    params: { id: (await createObjective(db)).id },
    body: { weight: 7 },
  }),
  'DELETE /weights/:id': async ({ db }) => ({ params: { id: (await createObjective(db)).id } }),
  'POST /weights/:id/restore': async ({ ctx, db, staff }) => {
    const { id } = await createObjective(db);
    await deleted(ctx, staff, `/weights/${id}`);
    return { params: { id } };
  },
};
