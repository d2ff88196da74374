import type {
  CreateRecordBody,
  CreateRecordEntryBody,
  LearningRecord,
  UpdateRecordBody,
} from '@lp/contract/records';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { recordBoardChange, recordLearnerChange } from '../board/index.ts';
import { findLearner, lockLearner } from '../learners/index.ts';
import * as repo from './records.repository.ts';

/** A learner's score falls when an achieved objective is taken back: the live board hears it. */
async function objectiveTakenBack(
  trx: Transaction<Database>,
  actorId: number,
  record: { student_id: number; objective_id: number; achieved: boolean },
) {
  if (!record.achieved) return;
  const name = (await repo.objectiveLabel(trx, record.objective_id)) ?? 'an objective';
  await recordBoardChange(trx, {
    studentId: record.student_id,
    kind: 'objective',
    summary: `${name} no longer achieved`,
    actorId,
  });
}

async function loadRecord(trx: Transaction<Database>, id: number): Promise<LearningRecord> {
  const record = await repo.recordById(trx, id);
  if (!record) throw notFound('Learning record');
  return record;
}

export async function listRecords(app: FastifyInstance, studentId: number) {
  if (!(await findLearner(app.db, studentId))) throw notFound('Student');
  return repo.recordsOfLearner(app.db, studentId);
}

export async function getRecord(app: FastifyInstance, id: number) {
  const record = await repo.recordById(app.db, id);
  if (!record) throw notFound('Learning record');
  return record;
}

/**
 * Creates a learner's record for an objective. One created achieved is an objective achieved:
 * it goes into the learner's history, whose id is returned (null otherwise) so it can be undone.
 */
export async function createRecord(
  app: FastifyInstance,
  caller: SignedInPerson,
  body: CreateRecordBody,
): Promise<{ record: LearningRecord; historyId: number | null }> {
  return app.db.transaction().execute(async (trx) => {
    // The learner first: parallel creations queue here and the later ones see the record.
    if (!(await lockLearner(trx, body.student))) throw notFound('Student');
    const label = await repo.objectiveLabel(trx, body.weight);
    if (label === undefined) throw notFound('Learning objective');
    if (await repo.recordFor(trx, body.student, body.weight))
      throw conflict('The learner already has a record for that objective: update it instead.');
    const record = await repo.insertRecord(trx, body.student, body.weight, body.achieved);
    const entry = await repo.insertEntry(trx, record.id, body.note.trim(), caller.id);
    const historyId = record.achieved
      ? await recordLearnerChange(trx, caller.id, 'achieve', {
          student_id: record.student_id,
          record_id: record.id,
          created: true,
          entry_id: entry.id,
          objective: { id: body.weight, name: label },
        })
      : await audit(trx, {
          actorId: caller.id,
          action: 'create',
          entity: 'learning_record',
          entityId: record.id,
          after: { record, entry },
        }).then(() => null);
    return { record: await loadRecord(trx, record.id), historyId };
  });
}

/**
 * Sets achieved; a note adds a dated entry to the record's history. Marking an unachieved record
 * achieved goes into the learner's history; its id is returned (null for other updates).
 */
export async function updateRecord(
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
  body: UpdateRecordBody,
): Promise<number | null> {
  return app.db.transaction().execute(async (trx) => {
    const before = await repo.recordRow(trx, id);
    if (!before) throw notFound('Learning record');
    await repo.setAchieved(trx, id, body.achieved);
    const note = body.note?.trim();
    const entry = note ? await repo.insertEntry(trx, id, note, caller.id) : null;
    if (!before.achieved && body.achieved) {
      return recordLearnerChange(trx, caller.id, 'achieve', {
        student_id: before.student_id,
        record_id: id,
        created: false,
        entry_id: entry?.id ?? null,
        objective: {
          id: before.objective_id,
          name: (await repo.objectiveLabel(trx, before.objective_id)) ?? '',
        },
      });
    }
    if (!body.achieved) await objectiveTakenBack(trx, caller.id, before);
    await audit(trx, {
      actorId: caller.id,
      action: 'update',
      entity: 'learning_record',
      entityId: id,
      before,
      after: { ...before, achieved: body.achieved, entry },
    });
    return null;
  });
}

export async function deleteRecord(app: FastifyInstance, caller: SignedInPerson, id: number) {
  await app.db.transaction().execute(async (trx) => {
    const record = await repo.recordRow(trx, id);
    if (!record) throw notFound('Learning record');
    const entries = await repo.entriesOf(trx, id);
    await repo.deleteRecord(trx, id);
    await objectiveTakenBack(trx, caller.id, record);
    await audit(trx, {
      actorId: caller.id,
      action: 'delete',
      entity: 'learning_record',
      entityId: id,
      before: { record, entries },
    });
  });
}

export async function addEntry(
  app: FastifyInstance,
  caller: SignedInPerson,
  body: CreateRecordEntryBody,
): Promise<LearningRecord> {
  return app.db.transaction().execute(async (trx) => {
    if (!(await repo.recordRow(trx, body.record))) throw notFound('Learning record');
    const entry = await repo.insertEntry(trx, body.record, body.note.trim(), caller.id);
    await audit(trx, {
      actorId: caller.id,
      action: 'create',
      entity: 'learning_record_entry',
      entityId: entry.id,
      after: entry,
    });
    return loadRecord(trx, body.record);
  });
}

/** Removes an entry; a record left without entries goes too (as existing clients expect). */
export async function deleteEntry(app: FastifyInstance, caller: SignedInPerson, id: number) {
  await app.db.transaction().execute(async (trx) => {
    // The record first: two entries deleted at once must not each see the other and leave an
    // empty record behind.
    const recordId = await repo.recordIdOfEntry(trx, id);
    if (recordId === undefined || !(await repo.recordRow(trx, recordId)))
      throw notFound('Learning record entry');
    const entry = await repo.deleteEntry(trx, id);
    if (!entry) throw notFound('Learning record entry');
    const remaining = await repo.entriesOf(trx, entry.record_id);
    const record = remaining.length === 0 ? await repo.recordRow(trx, entry.record_id) : undefined;
    if (record) {
      await repo.deleteRecord(trx, record.id);
      await objectiveTakenBack(trx, caller.id, record);
    }
    await audit(trx, {
      actorId: caller.id,
      action: 'delete',
      entity: 'learning_record_entry',
      entityId: id,
      before: { entry, record: record ?? null },
    });
  });
}
