import type { Db } from '../../db/schema.ts';

export const listSkills = (db: Db) =>
  db.selectFrom('core_skills').select(['id', 'label']).orderBy('id').execute();

export const skillExists = async (db: Db, id: number) =>
  Boolean(await db.selectFrom('core_skills').select('id').where('id', '=', id).executeTakeFirst());

const recordsQuery = (db: Db) =>
  db
    .selectFrom('core_skill_records as r')
    .innerJoin('core_skills as s', 's.id', 'r.skill_id')
    .select(['r.id', 'r.student_id', 'r.skill_id', 's.label', 'r.level', 'r.updated_at'])
    .orderBy('s.label')
    .orderBy('r.id');

export const recordsOfLearner = (db: Db, studentId: number) =>
  recordsQuery(db).where('r.student_id', '=', studentId).execute();

export const recordById = (db: Db, id: number) =>
  recordsQuery(db).where('r.id', '=', id).executeTakeFirst();

export const recordFor = (db: Db, studentId: number, skillId: number) =>
  db
    .selectFrom('core_skill_records')
    .select('id')
    .where('student_id', '=', studentId)
    .where('skill_id', '=', skillId)
    .executeTakeFirst();

export const lockRecord = (db: Db, id: number) =>
  db
    .selectFrom('core_skill_records')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const insertRecord = (db: Db, studentId: number, skillId: number, level: number) =>
  db
    .insertInto('core_skill_records')
    .values({ student_id: studentId, skill_id: skillId, level })
    .returningAll()
    .executeTakeFirstOrThrow();

export const setLevel = (db: Db, id: number, level: number) =>
  db
    .updateTable('core_skill_records')
    .set({ level, updated_at: new Date() })
    .where('id', '=', id)
    .execute();

export const insertEntry = (
  db: Db,
  values: { record_id: number; level: number; note: string; instructor_id: number },
) =>
  db
    .insertInto('core_skill_record_entries')
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow();
