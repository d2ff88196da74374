import type { Db } from '../../db/schema.ts';
import { fullNameOrNullSql } from '../../lib/names.ts';

export const listNoteTypes = (db: Db) =>
  db.selectFrom('note_types').select(['id', 'label']).orderBy('id').execute();

export const noteTypeExists = async (db: Db, id: number) =>
  Boolean(await db.selectFrom('note_types').select('id').where('id', '=', id).executeTakeFirst());

/** Notes with author and type, newest first; one query. */
const notesQuery = (db: Db) =>
  db
    .selectFrom('notes')
    .innerJoin('note_types', 'note_types.id', 'notes.note_type_id')
    .leftJoin('people as author', 'author.id', 'notes.author_id')
    .select([
      'notes.id',
      'notes.note',
      'notes.created_at',
      'notes.note_type_id',
      'note_types.label as note_type_label',
      fullNameOrNullSql('author').as('author'),
    ])
    .orderBy('notes.created_at', 'desc')
    .orderBy('notes.id', 'desc');

export const notesOfLearner = (db: Db, studentId: number) =>
  notesQuery(db).where('notes.student_id', '=', studentId).execute();

export const noteById = (db: Db, id: number) =>
  notesQuery(db).where('notes.id', '=', id).executeTakeFirst();

export const insertNote = (
  db: Db,
  values: { student_id: number; author_id: number; note_type_id: number; note: string },
) => db.insertInto('notes').values(values).returningAll().executeTakeFirstOrThrow();

export const deleteNote = (db: Db, id: number) =>
  db.deleteFrom('notes').where('id', '=', id).returningAll().executeTakeFirst();
