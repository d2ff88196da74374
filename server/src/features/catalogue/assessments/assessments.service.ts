import type {
  BookAssessment,
  CreateAssessmentBody,
  StudentAssessment,
  UpdateBookAssessmentBody,
} from '@lp/contract/assessments';
import { ASSESSMENT_STATUS } from '@lp/contract/constants';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { audit } from '../../../lib/audit.ts';
import { badRequest, conflict, HttpError, notFound } from '../../../lib/http-errors.ts';
import { assertAllowed } from '../../../lib/policy.ts';
import type { SignedInPerson } from '../../../plugins/principal.ts';
import { lockLearner } from '../../learners/index.ts';
import { mayReadLearnerAssessments } from '../catalogue.policy.ts';
import { deletedRows } from '../deleted-rows.ts';
import * as repo from './assessments.repository.ts';

type Trx = Transaction<Database>;

const toStudentAssessment = (
  row: Omit<StudentAssessment, 'started_at'> & { created_at: Date },
): StudentAssessment => ({
  id: row.id,
  assessment: row.assessment,
  status: row.status,
  url: row.url,
  started_at: row.created_at.toISOString(),
});

function cleanName(name: string) {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('body.name must not be blank');
  return trimmed;
}

export const listDefinitions = (app: FastifyInstance, bookId?: number) =>
  repo.listDefinitions(app.db, bookId);

export async function getDefinition(app: FastifyInstance, id: number): Promise<BookAssessment> {
  const definition = await repo.findDefinition(app.db, id);
  if (!definition) throw notFound('Assessment');
  return definition;
}

/** A learner's self-assessments, newest first: for that learner and for staff. */
export async function listLearnerAssessments(
  app: FastifyInstance,
  viewer: SignedInPerson,
  studentId: number,
) {
  assertAllowed(mayReadLearnerAssessments(viewer, studentId));
  if (!(await repo.findPerson(app.db, studentId))) throw notFound('Student');
  const rows = await repo.learnerAssessments(app.db, studentId);
  return rows.map(toStudentAssessment);
}

export async function getLearnerAssessment(
  app: FastifyInstance,
  viewer: SignedInPerson,
  id: number,
) {
  const row = await repo.findStudentAssessment(app.db, id);
  if (!row) throw notFound('Student assessment');
  assertAllowed(mayReadLearnerAssessments(viewer, row.student_id));
  return toStudentAssessment(row);
}

async function checkObjectives(trx: Trx, ids: number[]) {
  const unknown = await repo.unknownObjectives(trx, ids);
  if (unknown.length)
    throw new HttpError(404, `Learning objective not found: ${unknown.join(', ')}.`);
}

async function checkBookIsFree(trx: Trx, bookId: number, exceptAssessmentId?: number) {
  if (!(await repo.bookExists(trx, bookId))) throw notFound('Book');
  const existing = await repo.assessmentOfBook(trx, bookId);
  if (existing && existing.id !== exceptAssessmentId)
    throw conflict(`This book already has a self-assessment (${existing.name}).`);
}

/** `POST /assessments`: gives a learner an assessment, or creates a book's self-assessment. */
export async function createAssessment(
  app: FastifyInstance,
  actorId: number,
  body: CreateAssessmentBody,
): Promise<BookAssessment | StudentAssessment> {
  if (body.studentId !== undefined || body.assessmentId !== undefined)
    return assignToLearner(app, actorId, body);
  if (body.name === undefined) throw badRequest('body.name is required');
  if (body.sourceURL === undefined) throw badRequest('body.sourceURL is required');
  if (body.bookId === undefined) throw badRequest('body.bookId is required');
  const name = cleanName(body.name);
  const { bookId, sourceURL } = body;
  const objectives = [...new Set(body.objectives ?? [])];
  const id = await app.db.transaction().execute(async (trx) => {
    await checkBookIsFree(trx, bookId);
    await checkObjectives(trx, objectives);
    const created = await repo.insertDefinition(trx, {
      book_id: bookId,
      name,
      source_url: sourceURL.trim(),
    });
    await repo.setObjectives(trx, created.id, objectives);
    await audit(trx, {
      actorId,
      action: 'create',
      entity: 'assessment',
      entityId: created.id,
      after: { ...created, objectives },
    });
    return created.id;
  });
  return getDefinition(app, id);
}

async function assignToLearner(
  app: FastifyInstance,
  actorId: number,
  body: CreateAssessmentBody,
): Promise<StudentAssessment> {
  const { studentId, assessmentId } = body;
  if (studentId === undefined) throw badRequest('body.studentId is required');
  if (assessmentId === undefined) throw badRequest('body.assessmentId is required');
  const id = await app.db.transaction().execute(async (trx) => {
    // The learner first: parallel assignments queue here and the later ones see the first.
    if (!(await lockLearner(trx, studentId))) throw notFound('Student');
    if (!(await repo.findDefinitionRow(trx, assessmentId))) throw notFound('Assessment');
    if (await repo.learnerHasAssessment(trx, studentId, assessmentId))
      throw conflict('The learner already has this self-assessment.');
    const created = await repo.insertStudentAssessment(trx, {
      student_id: studentId,
      assessment_id: assessmentId,
      status_id: ASSESSMENT_STATUS.inProgress,
    });
    await audit(trx, {
      actorId,
      action: 'create',
      entity: 'student_assessment',
      entityId: created.id,
      after: created,
    });
    return created.id;
  });
  const row = await repo.findStudentAssessment(app.db, id);
  if (!row) throw notFound('Student assessment');
  return toStudentAssessment(row);
}

/** `PUT /bookassessments/{id}`: changes the fields sent; objectives of this assessment only. */
export async function updateDefinition(
  app: FastifyInstance,
  actorId: number,
  id: number,
  body: UpdateBookAssessmentBody,
) {
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.findDefinitionRow(trx, id);
    if (!before) throw notFound('Assessment');
    if (body.bookId !== undefined) await checkBookIsFree(trx, body.bookId, id);
    const objectives = body.objectives && [...new Set(body.objectives)];
    if (objectives) await checkObjectives(trx, objectives);
    const values = {
      ...(body.name !== undefined && { name: cleanName(body.name) }),
      ...(body.sourceURL !== undefined && { source_url: body.sourceURL.trim() }),
      ...(body.bookId !== undefined && { book_id: body.bookId }),
    };
    const row = Object.keys(values).length ? await repo.updateDefinition(trx, id, values) : before;
    if (objectives) await repo.setObjectives(trx, id, objectives);
    await audit(trx, {
      actorId,
      action: 'update',
      entity: 'assessment',
      entityId: id,
      before,
      after: { ...row, objectives: objectives ?? before.objectives },
    });
  });
}

/** Deletes a self-assessment that no learner has started. */
export async function deleteDefinition(app: FastifyInstance, actorId: number, id: number) {
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.findDefinitionRow(trx, id);
    if (!before) throw notFound('Assessment');
    if (await repo.startedByLearners(trx, id))
      throw conflict('Learners have started this self-assessment; it cannot be deleted.');
    const rows = await repo.assessmentRows(trx, 'id', id);
    await repo.deleteDefinition(trx, id);
    await audit(trx, {
      actorId,
      action: 'delete',
      entity: 'assessment',
      entityId: id,
      before: { ...before, rows },
    });
  });
}

/**
 * Undoes the self-assessment's latest deletion: the same id, its objectives and its LMS grade
 * columns, so that grades go on to the columns the LMS already has.
 */
export async function restoreDefinition(app: FastifyInstance, actorId: number, id: number) {
  await app.db.transaction().execute(async (trx) => {
    const rows = await deletedRows<repo.AssessmentRows>(
      trx,
      'assessment',
      id,
      'self-assessment',
      async () => Boolean(await repo.findDefinitionRow(trx, id)),
    );
    const bookId = Number(rows.assessments[0]?.book_id);
    if (!(await repo.bookExists(trx, bookId)))
      throw conflict("The self-assessment's book was deleted since: it cannot come back.");
    const other = await repo.assessmentOfBook(trx, bookId);
    if (other)
      throw conflict(`Its book has another self-assessment since (${other.name}): undo refused.`);
    await repo.insertAssessmentRows(trx, rows);
    await audit(trx, { actorId, action: 'restore', entity: 'assessment', entityId: id });
  });
  return getDefinition(app, id);
}

/** `PUT /assessments/{id}`: sets a learner's self-assessment status (by id or label). */
export async function changeLearnerStatus(
  app: FastifyInstance,
  actorId: number,
  id: number,
  status: number | string,
) {
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.findStudentAssessmentRow(trx, id);
    if (!before) throw notFound('Student assessment');
    const known = await repo.statuses(trx);
    const match = known.find((row) =>
      typeof status === 'number'
        ? row.id === status
        : row.status.toLowerCase() === status.trim().toLowerCase(),
    );
    if (!match)
      throw badRequest(
        `body.status must be one of ${known.map((row) => `${row.id} '${row.status}'`).join(', ')}`,
      );
    // Decided on the locked row: the same status again (a repeat, a parallel twin) changes nothing.
    if (before.status_id === match.id) return;
    const after = await repo.updateStudentAssessmentStatus(trx, id, {
      status_id: match.id,
      instructor_id: actorId,
    });
    await audit(trx, {
      actorId,
      action: 'update',
      entity: 'student_assessment',
      entityId: id,
      before,
      after,
    });
  });
}
