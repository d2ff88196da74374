import type {
  CoreSkillList,
  CoreSkillRecord,
  CreateCoreSkillRecordBody,
} from '@lp/contract/core-skills';
import type { FastifyInstance } from 'fastify';
import { isoTimestamp } from '../../lib/dates.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { recordLearnerChange } from '../board/index.ts';
import { findLearner, lockLearner } from '../learners/index.ts';
import * as repo from './core-skills.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.recordById>>>;

const toRecord = (row: Row): CoreSkillRecord => ({
  id: row.id,
  student: row.student_id,
  skill: { id: row.skill_id, label: row.label },
  level: row.level,
  updated_on: isoTimestamp(row.updated_at),
});

export async function listSkills(app: FastifyInstance): Promise<CoreSkillList> {
  const results = await repo.listSkills(app.db);
  return { count: results.length, next: null, previous: null, results };
}

export async function listRecords(app: FastifyInstance, studentId: number) {
  if (!(await findLearner(app.db, studentId))) throw notFound('Student');
  return (await repo.recordsOfLearner(app.db, studentId)).map(toRecord);
}

export async function getRecord(app: FastifyInstance, id: number) {
  const row = await repo.recordById(app.db, id);
  if (!row) throw notFound('Core skill record');
  return toRecord(row);
}

/**
 * Starts tracking a skill for a learner; the note begins the record's history. Returns the
 * record with the learner's history entry that undoes it.
 */
export async function createRecord(
  app: FastifyInstance,
  caller: SignedInPerson,
  body: CreateCoreSkillRecordBody,
): Promise<{ record: CoreSkillRecord; historyId: number }> {
  return app.db.transaction().execute(async (trx) => {
    // The learner first: parallel creations queue here and the later ones see the record.
    if (!(await lockLearner(trx, body.student))) throw notFound('Student');
    if (!(await repo.skillExists(trx, body.skill))) throw notFound('Core skill');
    if (await repo.recordFor(trx, body.student, body.skill))
      throw conflict('The learner already has a record for that core skill.');
    const record = await repo.insertRecord(trx, body.student, body.skill, body.level);
    const entry = await repo.insertEntry(trx, {
      record_id: record.id,
      level: body.level,
      note: body.note?.trim() || 'Record initiated',
      instructor_id: caller.id,
    });
    const created = await repo.recordById(trx, record.id);
    if (!created) throw notFound('Core skill record');
    const historyId = await recordLearnerChange(trx, caller.id, 'start_core_skill', {
      student_id: body.student,
      record_id: record.id,
      skill: created.label,
      level: entry.level,
    });
    return { record: toRecord(created), historyId };
  });
}

/**
 * A new level, kept in the record's history as an entry; returns the learner's history entry
 * that puts the level before back (null when the level was already that).
 */
export async function updateLevel(
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
  level: number,
): Promise<number | null> {
  return app.db.transaction().execute(async (trx) => {
    const before = await repo.lockRecord(trx, id);
    if (!before) throw notFound('Core skill record');
    if (before.level === level) return null;
    await repo.setLevel(trx, id, level);
    const entry = await repo.insertEntry(trx, {
      record_id: id,
      level,
      note: '',
      instructor_id: caller.id,
    });
    const skill = await repo.recordById(trx, id);
    return recordLearnerChange(trx, caller.id, 'core_skill', {
      student_id: before.student_id,
      record_id: id,
      skill: skill?.label ?? 'Core skill',
      from: { level: before.level, updated_at: isoTimestamp(before.updated_at) },
      level,
      entry_id: entry.id,
    });
  });
}
