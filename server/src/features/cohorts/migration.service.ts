import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { recordBoardChange } from '../board/index.ts';
import * as repo from './cohorts.repository.ts';
import { firstProjectOfCohort } from './enrolment.ts';
import * as migration from './migration.repository.ts';

/** What a migration's audit entry keeps, beyond what it reports: everything its undo needs. */
interface MigrationRecord {
  active_course: number;
  project_id: number;
  learners: number[];
  /** The cohort's two course rows, client side then server side (index 0 and 1). */
  cohort_courses: [number, number];
  assignments: migration.MigratedAssignment[];
}

/**
 * Migrate to server side: every current learner moves to the first project of the server-side
 * course (index 1), which becomes the active course. All or nothing.
 */
export async function migrateToServerSide(
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
) {
  await app.db.transaction().execute(async (trx) => {
    if (!(await repo.lockCohort(trx, id))) throw notFound('Cohort');
    const courses = await repo.cohortCourses(trx, id);
    const client = courses.find((course) => course.index === 0);
    const server = courses.find((course) => course.index === 1);
    if (!client?.active)
      throw conflict('Could not find an active client side course for this cohort');
    if (!server) throw conflict('Could not find a server side course for this cohort');
    const first = await firstProjectOfCohort(trx, id, 1);
    if (!first) throw conflict('Could not find a project in the first book of server side');
    const assignments = await migration.assignAllLearners(trx, id, first.id, caller.id);
    await repo.setCohortCourseActive(trx, client.id, false);
    await repo.setCohortCourseActive(trx, server.id, true);
    await recordBoardChange(trx, {
      studentId: null,
      kind: 'project',
      summary: `every learner moved to ${first.name}`,
      actorId: caller.id,
      cohortIds: [id],
    });
    const record: MigrationRecord = {
      active_course: server.course_id,
      project_id: first.id,
      learners: assignments.map((row) => row.student_id),
      cohort_courses: [client.id, server.id],
      assignments,
    };
    await audit(trx, {
      actorId: caller.id,
      action: 'migrate',
      entity: 'cohort',
      entityId: id,
      before: { active_course: client.course_id },
      after: { ...record },
    });
  });
}

const isMigrationRecord = (value: unknown): value is MigrationRecord =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as MigrationRecord).assignments) &&
  Array.isArray((value as MigrationRecord).cohort_courses);

/**
 * Undoes the cohort's latest migration, while nothing it did has changed since: every learner
 * it moved is still on that project, and the server side course is still the active one. Their
 * assignments are as before it (a project they had before keeps its old date), and the client
 * side course is the active one again.
 */
export async function undoMigration(app: FastifyInstance, caller: SignedInPerson, id: number) {
  await app.db.transaction().execute(async (trx) => {
    const cohort = await repo.lockCohort(trx, id);
    if (!cohort) throw notFound('Cohort');
    const last = await migration.lastMigration(trx, id);
    if (last?.action !== 'migrate') throw notFound('Migration to server side');
    const record = last.after;
    if (!isMigrationRecord(record))
      throw conflict(`${cohort.name} was migrated before a migration could be undone.`);
    const [clientId, serverId] = record.cohort_courses;
    const courses = await repo.cohortCourses(trx, id);
    const active = (rowId: number) => courses.find((course) => course.id === rowId)?.active;
    if (active(serverId) !== true || active(clientId) !== false)
      throw conflict(
        `The active course of ${cohort.name} has changed since: its migration can no longer be undone.`,
      );
    const moved = await migration.movedSince(trx, record.assignments);
    if (moved.length > 0)
      throw conflict(
        `${moved.slice(0, 3).join(', ')}${moved.length > 3 ? ` and ${moved.length - 3} more` : ''} moved on since: the migration can no longer be undone.`,
      );
    await migration.revertAssignments(trx, record.assignments);
    await repo.setCohortCourseActive(trx, serverId, false);
    await repo.setCohortCourseActive(trx, clientId, true);
    await recordBoardChange(trx, {
      studentId: null,
      kind: 'undo',
      summary: 'migration to server side undone',
      actorId: caller.id,
      cohortIds: [id],
    });
    await audit(trx, {
      actorId: caller.id,
      action: 'unmigrate',
      entity: 'cohort',
      entityId: id,
      before: { active_course: record.active_course },
      after: { learners: record.learners },
    });
  });
}
