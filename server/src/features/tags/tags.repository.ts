import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema.ts';

export const listTags = (db: Db) =>
  db
    .selectFrom('tags')
    .select(['id', 'name'])
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .execute();

export const tagNamed = (db: Db, name: string) =>
  db
    .selectFrom('tags')
    .select(['id', 'name'])
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();

export const tagById = (db: Db, id: number) =>
  db.selectFrom('tags').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

/** The tag, locked until the transaction ends (before it is deleted with its links). */
export const lockTag = (trx: Transaction<Database>, id: number) =>
  trx.selectFrom('tags').select(['id', 'name']).where('id', '=', id).forUpdate().executeTakeFirst();

export const insertTag = (db: Db, name: string) =>
  db.insertInto('tags').values({ name }).returning(['id', 'name']).executeTakeFirstOrThrow();

export const linksOfTag = (db: Db, tagId: number) =>
  db.selectFrom('student_tags').selectAll().where('tag_id', '=', tagId).execute();

export const deleteTag = (db: Db, id: number) =>
  db.deleteFrom('tags').where('id', '=', id).returningAll().executeTakeFirst();

export const listStudentTags = (db: Db, studentId: number | undefined) => {
  let query = db
    .selectFrom('student_tags')
    .select(['id', 'student_id as student', 'tag_id as tag']);
  if (studentId !== undefined) query = query.where('student_id', '=', studentId);
  return query.orderBy('id').execute();
};

export const studentTagOf = (db: Db, studentId: number, tagId: number) =>
  db
    .selectFrom('student_tags')
    .select('id')
    .where('student_id', '=', studentId)
    .where('tag_id', '=', tagId)
    .executeTakeFirst();

export const insertStudentTag = (db: Db, studentId: number, tagId: number) =>
  db
    .insertInto('student_tags')
    .values({ student_id: studentId, tag_id: tagId })
    .returning(['id', 'student_id as student', 'tag_id as tag'])
    .executeTakeFirstOrThrow();

export const deleteStudentTag = (db: Db, id: number) =>
  db.deleteFrom('student_tags').where('id', '=', id).returningAll().executeTakeFirst();
