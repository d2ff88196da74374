import { type Static, Type } from 'typebox';
import { Nullable, Paginated, Timestamp } from './common.ts';

/*
 * Instructor notes about a learner, and the 1:1 feedback a coach sends them.
 * Staff only: a learner gets 403 on every route here, even about themself.
 *
 * GET /notetypes → 200 {count, next, previous, results: NoteType[]}
 * GET /notes?studentId= → 200 Note[] newest first; 404 unknown learner
 * POST /notes {note, studentId, type} → 201 Note; 400 naming the field (type is required:
 *   'body.type is required'; an unknown type: 'body.type is not a note type'); 404 unknown learner
 * DELETE /notes/{id} → 204; 404 unknown note
 * POST /students/{id}/status {notes} → 201 {message, id}: 1:1 feedback from the caller; the learner
 *   gets a Slack direct message that feedback is waiting (when Slack is configured and they have a
 *   Slack id; a Slack failure never fails the call)
 */

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const NoteType = Type.Object({ id: Type.Integer(), label: Type.String() });
export type NoteType = Static<typeof NoteType>;
export const NoteTypeList = Paginated(NoteType);
export type NoteTypeList = Static<typeof NoteTypeList>;

export const Note = Type.Object({
  id: Type.Integer(),
  note: Type.String(),
  /** "First Last" of the author; null when the author's account was removed. */
  author: Nullable(Type.String()),
  note_type: NoteType,
  /** ISO instant; the web shows it as a long US date in America/Chicago. */
  created_on: Timestamp,
});
export type Note = Static<typeof Note>;
export const NoteList = Type.Array(Note);
export type NoteList = Static<typeof NoteList>;

export const NotesQuery = Type.Object({ studentId: Id });
export type NotesQuery = Static<typeof NotesQuery>;

export const CreateNoteBody = Type.Object({
  note: Type.String({ minLength: 1, maxLength: 10000 }),
  studentId: Id,
  /** A note type id (1 Assessment Review, 2 General Progress, 3 Mental Health, 4 Behavioral Issue). */
  type: Id,
});
export type CreateNoteBody = Static<typeof CreateNoteBody>;

export const FeedbackBody = Type.Object({ notes: Type.String({ minLength: 1, maxLength: 10000 }) });
export type FeedbackBody = Static<typeof FeedbackBody>;
export const FeedbackCreated = Type.Object({ message: Type.String(), id: Type.Integer() });
export type FeedbackCreated = Static<typeof FeedbackCreated>;
export const FEEDBACK_CREATED_MESSAGE = 'Student note created';
