import { type Static, Type } from 'typebox';
import { Nullable, Timestamp } from './common.ts';

/*
 * Learning records: whether a learner has reached a learning objective (a "weight"), with a
 * history of dated entries. Staff only.
 *
 * GET /records?studentId= → 200 LearningRecord[] (not achieved first, then by objective tier)
 * GET /records/{id} → 200 LearningRecord; 404
 * POST /records {student, weight, achieved, note} → 201 LearningRecord (with one entry holding the
 *   note); 404 unknown learner or objective; 409 when the learner already has a record for it
 * PUT /records/{id} {achieved, note?} → 204; a note adds an entry. Other keys of the record are
 *   accepted and ignored, so a client may send the whole record back.
 * DELETE /records/{id} → 204
 * POST /records/entries {record, note} → 201 LearningRecord; 404 unknown record
 * DELETE /records/entries/{id} → 204; the record goes too when it has no entry left
 *
 * Marking an objective achieved (the overlay): PUT achieved=true when the learner has a record
 * for it, else POST; either way with the note `Achieved on {M/D/YYYY}`.
 */

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const RecordEntry = Type.Object({
  id: Type.Integer(),
  note: Type.String(),
  /** ISO instant. */
  recorded_on: Timestamp,
  /** "First Last" of the instructor; null when their account was removed. */
  instructor: Nullable(Type.String()),
});
export type RecordEntry = Static<typeof RecordEntry>;

export const LearningRecord = Type.Object({
  id: Type.Integer(),
  student: Type.Integer(),
  /** The learning objective (weight) id. */
  objective: Type.Integer(),
  /** The objective's label. */
  label: Type.String(),
  /** The objective's weight: the points it adds to the score once achieved. */
  score: Type.Integer(),
  achieved: Type.Boolean(),
  /** Newest first. */
  entries: Type.Array(RecordEntry),
});
export type LearningRecord = Static<typeof LearningRecord>;
export const LearningRecordList = Type.Array(LearningRecord);
export type LearningRecordList = Static<typeof LearningRecordList>;

export const RecordsQuery = Type.Object({ studentId: Id });
export type RecordsQuery = Static<typeof RecordsQuery>;

export const CreateRecordBody = Type.Object({
  student: Id,
  weight: Id,
  achieved: Type.Boolean(),
  note: Type.String({ maxLength: 10000 }),
});
export type CreateRecordBody = Static<typeof CreateRecordBody>;

export const UpdateRecordBody = Type.Object({
  achieved: Type.Boolean(),
  note: Type.Optional(Type.String({ maxLength: 10000 })),
});
export type UpdateRecordBody = Static<typeof UpdateRecordBody>;

export const CreateRecordEntryBody = Type.Object({
  record: Id,
  note: Type.String({ minLength: 1, maxLength: 10000 }),
  /** Accepted for compatibility with existing clients; the record already names its objective. */
  weight: Type.Optional(Id),
});
export type CreateRecordEntryBody = Static<typeof CreateRecordEntryBody>;
