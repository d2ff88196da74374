import type { LearningRecord } from '@lp/contract/records';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { isoTimestampSql } from '../../lib/dates.ts';
import { fullNameOrNullSql } from '../../lib/names.ts';

/** Records with objective and entries (newest first) in one query. */
const recordsQuery = (db: Db) =>
  db
    .selectFrom('learning_records as r')
    .innerJoin('learning_objectives as o', 'o.id', 'r.objective_id')
    .select((eb) => [
      'r.id',
      'r.student_id as student',
      'r.objective_id as objective',
      'o.label',
      'o.weight as score',
      'r.achieved',
      eb
        .selectFrom('learning_record_entries as e')
        .leftJoin('people as i', 'i.id', 'e.instructor_id')
        .select(
          sql<LearningRecord['entries']>`coalesce(json_agg(json_build_object(
            'id', e.id,
            'note', e.note,
            'recorded_on', ${isoTimestampSql('e.recorded_at')},
            'instructor', ${fullNameOrNullSql('i')}
          ) order by e.recorded_at desc, e.id desc), '[]'::json)`.as('entries'),
        )
        .whereRef('e.record_id', '=', 'r.id')
        .as('entries'),
    ])
    .orderBy('r.achieved')
    .orderBy('o.tier')
    .orderBy('o.id');

const withEntries = (
  row: Omit<LearningRecord, 'entries'> & { entries: LearningRecord['entries'] | null },
) => ({ ...row, entries: row.entries ?? [] }) satisfies LearningRecord;

export const recordsOfLearner = async (db: Db, studentId: number) =>
  (await recordsQuery(db).where('r.student_id', '=', studentId).execute()).map(withEntries);

export const recordById = async (db: Db, id: number) => {
  const row = await recordsQuery(db).where('r.id', '=', id).executeTakeFirst();
  return row && withEntries(row);
};

/** The objective's label, or undefined when there is no such objective. */
export const objectiveLabel = async (db: Db, id: number) =>
  (
    await db
      .selectFrom('learning_objectives')
      .select('label')
      .where('id', '=', id)
      .executeTakeFirst()
  )?.label;

export const recordFor = (db: Db, studentId: number, objectiveId: number) =>
  db
    .selectFrom('learning_records')
    .select('id')
    .where('student_id', '=', studentId)
    .where('objective_id', '=', objectiveId)
    .executeTakeFirst();

export const recordRow = (db: Db, id: number) =>
  db.selectFrom('learning_records').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const insertRecord = (db: Db, studentId: number, objectiveId: number, achieved: boolean) =>
  db
    .insertInto('learning_records')
    .values({ student_id: studentId, objective_id: objectiveId, achieved })
    .returningAll()
    .executeTakeFirstOrThrow();

export const setAchieved = (db: Db, id: number, achieved: boolean) =>
  db.updateTable('learning_records').set({ achieved }).where('id', '=', id).execute();

export const insertEntry = (db: Db, recordId: number, note: string, instructorId: number) =>
  db
    .insertInto('learning_record_entries')
    .values({ record_id: recordId, note, instructor_id: instructorId })
    .returningAll()
    .executeTakeFirstOrThrow();

export const entriesOf = (db: Db, recordId: number) =>
  db.selectFrom('learning_record_entries').selectAll().where('record_id', '=', recordId).execute();

export const deleteRecord = (db: Db, id: number) =>
  db.deleteFrom('learning_records').where('id', '=', id).execute();

/** The record an entry belongs to, if the entry exists. */
export const recordIdOfEntry = async (db: Db, id: number) =>
  (
    await db
      .selectFrom('learning_record_entries')
      .select('record_id')
      .where('id', '=', id)
      .executeTakeFirst()
  )?.record_id;

export const deleteEntry = (db: Db, id: number) =>
  db.deleteFrom('learning_record_entries').where('id', '=', id).returningAll().executeTakeFirst();
