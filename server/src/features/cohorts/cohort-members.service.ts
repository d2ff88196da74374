import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { fullName } from '../../lib/names.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { recordBoardChange } from '../board/index.ts';
import * as repo from './cohorts.repository.ts';
import { enrolLearner } from './enrolment.ts';

const ASSIGNED = { message: 'User assigned to cohort' };

/** Join as an instructor: the caller becomes a coach of the cohort. */
export async function joinAsInstructor(app: FastifyInstance, caller: SignedInPerson, id: number) {
  return app.db.transaction().execute(async (trx) => {
    const cohort = await repo.lockCohort(trx, id);
    if (!cohort) throw notFound('Cohort');
    if (await repo.isCoach(trx, id, caller.id))
      throw conflict(`You are already an instructor of ${cohort.name}.`);
    await repo.addCoach(trx, id, caller.id);
    await audit(trx, {
      actorId: caller.id,
      action: 'join',
      entity: 'cohort_coach',
      entityId: id,
      after: { cohort_id: id, person_id: caller.id },
    });
    return ASSIGNED;
  });
}

export async function leaveAsInstructor(app: FastifyInstance, caller: SignedInPerson, id: number) {
  await app.db.transaction().execute(async (trx) => {
    const cohort = await repo.lockCohort(trx, id);
    if (!cohort) throw notFound('Cohort');
    const removed = await repo.removeCoach(trx, id, caller.id);
    if (!removed.numDeletedRows) throw conflict(`You are not an instructor of ${cohort.name}.`);
    await audit(trx, {
      actorId: caller.id,
      action: 'leave',
      entity: 'cohort_coach',
      entityId: id,
      before: { cohort_id: id, person_id: caller.id },
    });
  });
}

/** Adds a learner without a current cohort; moving learners between cohorts is a transfer. */
export async function addLearner(
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
  personId: number | undefined,
) {
  if (personId === undefined) throw badRequest('body.person_id is required');
  return app.db.transaction().execute(async (trx) => {
    const cohort = await repo.lockCohort(trx, id);
    if (!cohort) throw notFound('Cohort');
    const person = await repo.findPerson(trx, personId);
    if (!person) throw notFound('Person');
    const name = fullName(person);
    if (!person.is_active) throw conflict(`${name} is deactivated.`);
    const result = await enrolLearner(trx, personId, id, caller.id);
    if (result === 'staff')
      throw badRequest(`${name} is staff: staff join a cohort as instructors.`);
    if (result === 'already-member') throw conflict(`${name} is already in ${cohort.name}.`);
    if (result === 'in-another-cohort') {
      throw conflict(
        `${name} is already in another cohort. Use Transfer Student to move them to ${cohort.name}.`,
      );
    }
    return ASSIGNED;
  });
}

/** Ends a learner's membership of the cohort; their history stays. */
export async function removeLearner(
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
  studentId: number | undefined,
) {
  if (studentId === undefined) throw badRequest('body.student_id is required');
  await app.db.transaction().execute(async (trx) => {
    if (!(await repo.lockCohort(trx, id))) throw notFound('Cohort');
    if (!(await repo.findPerson(trx, studentId))) throw notFound('Student');
    const ended = await repo.endMembership(trx, id, studentId);
    if (!ended) throw conflict('Student is not assigned to that cohort.');
    await recordBoardChange(trx, {
      studentId,
      kind: 'transfer-out',
      summary: 'removed from the cohort',
      actorId: caller.id,
      cohortIds: [id],
    });
    await audit(trx, {
      actorId: caller.id,
      action: 'leave',
      entity: 'cohort_membership',
      entityId: ended.id,
      before: ended,
    });
  });
}

/**
 * Makes someone a coach of the cohort unless they are one, in the caller's transaction: an LMS
 * instructor launching from the course linked to it (features/lti). Whether they became one.
 */
export async function becomeCoach(trx: Transaction<Database>, cohortId: number, personId: number) {
  const cohort = await repo.lockCohort(trx, cohortId);
  if (!cohort || (await repo.isCoach(trx, cohortId, personId))) return false;
  await repo.addCoach(trx, cohortId, personId);
  await audit(trx, {
    actorId: personId,
    action: 'join',
    entity: 'cohort_coach',
    entityId: cohortId,
    after: { cohort_id: cohortId, person_id: personId },
  });
  return true;
}
