import type {
  CreateObjectiveBody,
  ObjectiveListQuery,
  UpdateObjectiveBody,
} from '@lp/contract/objectives';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../../lib/http-errors.ts';
import { lockName } from '../../../lib/name-lock.ts';
import { assertAllowed } from '../../../lib/policy.ts';
import type { SignedInPerson } from '../../../plugins/principal.ts';
import { mayReadLearnerObjectives } from '../catalogue.policy.ts';
import { deletedRows } from '../deleted-rows.ts';
import * as repo from './objectives.repository.ts';

function cleanLabel(label: string) {
  const trimmed = label.trim();
  if (!trimmed) throw badRequest('body.label must not be blank');
  return trimmed;
}

const duplicate = (label: string) =>
  conflict(`A learning objective labelled '${label}' already exists.`);

export async function listObjectives(
  app: FastifyInstance,
  viewer: SignedInPerson,
  query: ObjectiveListQuery,
) {
  const { studentId, tiermin, tiermax } = query;
  if (studentId !== undefined) {
    assertAllowed(mayReadLearnerObjectives(viewer));
    const student = await repo.findPerson(app.db, studentId);
    if (!student || student.is_staff) throw notFound('Student');
  }
  return repo.listObjectives(app.db, { tiermin, tiermax, notAchievedBy: studentId });
}

export async function createObjective(
  app: FastifyInstance,
  actorId: number,
  body: CreateObjectiveBody,
) {
  const label = cleanLabel(body.label);
  return app.db.transaction().execute(async (trx) => {
    await lockName(trx, 'learning-objective', label);
    if (await repo.labelTaken(trx, label)) throw duplicate(label);
    const created = await repo.insertObjective(trx, {
      label,
      weight: body.weight,
      tier: body.tier ?? 1,
    });
    await audit(trx, {
      actorId,
      action: 'create',
      entity: 'learning_objective',
      entityId: created.id,
      after: created,
    });
    return created;
  });
}

/** Renames or re-weights an objective (the fields sent); answers the objective as it now is. */
export async function updateObjective(
  app: FastifyInstance,
  actorId: number,
  id: number,
  body: UpdateObjectiveBody,
) {
  const label = body.label === undefined ? undefined : cleanLabel(body.label);
  return app.db.transaction().execute(async (trx) => {
    const before = await repo.findObjective(trx, id);
    if (!before) throw notFound('Learning objective');
    if (label !== undefined) await lockName(trx, 'learning-objective', label);
    if (label !== undefined && (await repo.labelTaken(trx, label, id))) throw duplicate(label);
    const values = {
      ...(label !== undefined && { label }),
      ...(body.weight !== undefined && { weight: body.weight }),
      ...(body.tier !== undefined && { tier: body.tier }),
    };
    // Only other keys sent (a whole objective from an older client): nothing to change.
    const after = Object.keys(values).length ? await repo.updateObjective(trx, id, values) : before;
    await audit(trx, {
      actorId,
      action: 'update',
      entity: 'learning_objective',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/** Deletes an objective no learner has a record of (it also leaves the assessments using it). */
export async function deleteObjective(app: FastifyInstance, actorId: number, id: number) {
  await app.db.transaction().execute(async (trx) => {
    const before = await repo.findObjective(trx, id);
    if (!before) throw notFound('Learning objective');
    if (await repo.hasLearnerRecords(trx, id))
      throw conflict('Learners have records for this objective; it cannot be deleted.');
    const rows = await repo.objectiveRows(trx, id);
    await repo.deleteObjective(trx, id);
    await audit(trx, {
      actorId,
      action: 'delete',
      entity: 'learning_objective',
      entityId: id,
      before: { ...before, rows },
    });
  });
}

/** Undoes the objective's latest deletion: it is back, in the self-assessments that listed it. */
export async function restoreObjective(app: FastifyInstance, actorId: number, id: number) {
  return app.db.transaction().execute(async (trx) => {
    const rows = await deletedRows<repo.ObjectiveRows>(
      trx,
      'learning_objective',
      id,
      'learning objective',
      async () => Boolean(await repo.findObjective(trx, id)),
    );
    const label = String(rows.learning_objectives[0]?.label);
    await lockName(trx, 'learning-objective', label);
    if (await repo.labelTaken(trx, label)) throw duplicate(label);
    await repo.insertObjectiveRows(trx, rows);
    const restored = await repo.findObjective(trx, id);
    if (!restored) throw notFound('Learning objective');
    await audit(trx, {
      actorId,
      action: 'restore',
      entity: 'learning_objective',
      entityId: id,
      after: restored,
    });
    return restored;
  });
}
