import type {
  Course,
  CourseListQuery,
  CourseStats,
  CreateCourseBody,
  UpdateCourseBody,
} from '@lp/contract/courses';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../../lib/audit.ts';
import { badRequest, notFound } from '../../../lib/http-errors.ts';
import type { KeptRead } from '../../../plugins/kept-answer.ts';
import * as repo from './courses.repository.ts';

function cleanName(name: string) {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('body.name must not be blank');
  return trimmed;
}

export async function listCourses(app: FastifyInstance, query: CourseListQuery) {
  if (query.cohortId !== undefined && !(await repo.cohortExists(app.db, query.cohortId)))
    throw notFound('Cohort');
  return repo.listCourses(app.db, query);
}

/** The list as a kept read, each caller's own (the route admits learners). */
export const courseListRead = (
  app: FastifyInstance,
  query: CourseListQuery,
): KeptRead<Course[]> => ({
  variant: JSON.stringify([query.cohortId, query.active, query.all]),
  load: () => listCourses(app, query),
});

export async function getCourse(app: FastifyInstance, id: number): Promise<Course> {
  const course = await repo.findCourse(app.db, id);
  if (!course) throw notFound('Course');
  return course;
}

export async function createCourse(app: FastifyInstance, actorId: number, body: CreateCourseBody) {
  const name = cleanName(body.name);
  const id = await app.db.transaction().execute(async (trx) => {
    const course = await repo.insertCourse(trx, { name, active: body.active ?? true });
    await audit(trx, {
      actorId,
      action: 'create',
      entity: 'course',
      entityId: course.id,
      after: course,
    });
    return course.id;
  });
  return getCourse(app, id);
}

export async function updateCourse(
  app: FastifyInstance,
  actorId: number,
  id: number,
  body: UpdateCourseBody,
) {
  const values = {
    ...(body.name !== undefined && { name: cleanName(body.name) }),
    ...(body.active !== undefined && { active: body.active }),
  };
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.findCourseRow(trx, id);
    if (!before) throw notFound('Course');
    const after = await repo.updateCourse(trx, id, values);
    await audit(trx, { actorId, action: 'update', entity: 'course', entityId: id, before, after });
  });
}

/** A course is never erased (cohorts and capstones refer to it): deleting deactivates it. */
export async function deactivateCourse(app: FastifyInstance, actorId: number, id: number) {
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.findCourseRow(trx, id);
    if (!before) throw notFound('Course');
    const after = await repo.updateCourse(trx, id, { active: false });
    await audit(trx, {
      actorId,
      action: 'deactivate',
      entity: 'course',
      entityId: id,
      before,
      after,
    });
  });
}

export async function courseStats(app: FastifyInstance, id: number): Promise<CourseStats> {
  if (!(await repo.courseExists(app.db, id))) throw notFound('Course');
  return { data: await repo.courseStats(app.db, id) };
}
