import type { CreateNoteBody, Note, NoteTypeList } from '@lp/contract/notes';
import type { FastifyInstance } from 'fastify';
import { isoTimestamp } from '../../lib/dates.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import type { KeptRead } from '../../plugins/kept-answer.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { recordLearnerChange } from '../board/index.ts';
import { findLearner } from '../learners/index.ts';
import * as repo from './notes.repository.ts';

type NoteRow = Awaited<ReturnType<typeof repo.notesOfLearner>>[number];

const toNote = (row: NoteRow): Note => ({
  id: row.id,
  note: row.note,
  author: row.author,
  note_type: { id: row.note_type_id, label: row.note_type_label },
  created_on: isoTimestamp(row.created_at),
});

export async function noteTypes(app: FastifyInstance): Promise<NoteTypeList> {
  const results = await repo.listNoteTypes(app.db);
  return { count: results.length, next: null, previous: null, results };
}

export async function listNotes(app: FastifyInstance, studentId: number): Promise<Note[]> {
  if (!(await findLearner(app.db, studentId))) throw notFound('Student');
  return (await repo.notesOfLearner(app.db, studentId)).map(toNote);
}

/** The list as a kept read, shared by all staff (the route's access). */
export const noteListRead = (app: FastifyInstance, studentId: number): KeptRead<Note[]> => ({
  variant: String(studentId),
  load: () => listNotes(app, studentId),
});

/** Adds a note; returns it with the history entry that removes it again. */
export async function addNote(
  app: FastifyInstance,
  caller: SignedInPerson,
  body: CreateNoteBody,
): Promise<{ note: Note; historyId: number }> {
  const text = body.note.trim();
  if (!text) throw badRequest('body.note must not be blank');
  return app.db.transaction().execute(async (trx) => {
    if (!(await findLearner(trx, body.studentId))) throw notFound('Student');
    if (!(await repo.noteTypeExists(trx, body.type)))
      throw badRequest('body.type is not a note type');
    const row = await repo.insertNote(trx, {
      student_id: body.studentId,
      author_id: caller.id,
      note_type_id: body.type,
      note: text,
    });
    const historyId = await recordLearnerChange(trx, caller.id, 'add_note', {
      student_id: body.studentId,
      note_id: row.id,
      note: text,
    });
    const created = await repo.noteById(trx, row.id);
    if (!created) throw notFound('Note');
    return { note: toNote(created), historyId };
  });
}

/** Removes a note; returns the history entry that puts it back. */
export async function removeNote(app: FastifyInstance, caller: SignedInPerson, id: number) {
  return app.db.transaction().execute(async (trx) => {
    const removed = await repo.deleteNote(trx, id);
    if (!removed) throw notFound('Note');
    return recordLearnerChange(trx, caller.id, 'remove_note', {
      student_id: removed.student_id,
      note: { ...removed, created_at: new Date(removed.created_at).toISOString() },
    });
  });
}
