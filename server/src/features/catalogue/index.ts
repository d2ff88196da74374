import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assessmentsRoutes } from './assessments/assessments.routes.ts';
import { booksRoutes } from './books/books.routes.ts';
import { coursesRoutes } from './courses/courses.routes.ts';
import { objectivesRoutes } from './objectives/objectives.routes.ts';
import { projectsRoutes } from './projects/projects.routes.ts';

/** The catalogue: courses, books, projects, self-assessments and learning objectives. */
export const catalogueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(coursesRoutes);
  await app.register(booksRoutes);
  await app.register(projectsRoutes);
  await app.register(assessmentsRoutes);
  await app.register(objectivesRoutes);
};
