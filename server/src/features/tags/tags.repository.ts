import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema.ts';

/** Every tag by name, with how many learners wear it. */
export const listTags = (db: Db) =>
  db
    .selectFrom('tags')
    .select([
      'tags.id',
      'tags.name',
      sql<number>`(select count(*)::int from student_tags st where st.tag_id = tags.id)`.as(
        'learners',
      ),
    ])
    .orderBy((eb) => eb.fn('lower', ['tags.name']))
    .orderBy('tags.id')
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

/** The audit row of the tag's latest deletion (its `before` holds the tag and its links). */
export const lastDeletionOf = (db: Db, id: number) =>
  db
    .selectFrom('audit_log')
    .select(['id', 'created_at', 'before'])
    .where('entity', '=', 'tag')
    .where('action', '=', 'delete')
    .where('entity_id', '=', String(id))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Puts a deleted tag back with its own id, name and creation time. */
export const reinsertTag = (db: Db, tag: { id: number; name: string; created_at: string }) =>
  db.insertInto('tags').values(tag).execute();

export interface TagLinkRow {
  id: number;
  student_id: number;
  tag_id: number;
  created_at: string;
}

/** Puts deleted links back as they were, for the people who still exist; returns those put back. */
export async function reinsertLinksOfPeopleLeft(db: Db, links: TagLinkRow[]) {
  if (links.length === 0) return [];
  const people = await db
    .selectFrom('people')
    .select('id')
    .where(
      'id',
      'in',
      links.map((link) => link.student_id),
    )
    .execute();
  const left = new Set(people.map((person) => person.id));
  const kept = links.filter((link) => left.has(link.student_id));
  if (kept.length > 0) await db.insertInto('student_tags').values(kept).execute();
  return kept;
}

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
