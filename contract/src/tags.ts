import { type Static, Type } from 'typebox';
import { Paginated } from './common.ts';

/*
 * Tags and the links that put them on learners. Staff only.
 *
 * GET /tags → 200 {count, next, previous, results: TagInUse[]} (every tag, by name, with how
 *   many learners wear it)
 * POST /tags {name} → 201 Tag; 409 when a tag of that name (any case) exists
 * DELETE /tags/{id} → 204 (removes the tag from every learner); 404 unknown
 * POST /tags/{id}/restore → 200 TagRestored: a deleted tag comes back with its id and name, on
 *   every learner who wore it (and still exists), within UNDO_WINDOW_DAYS days of its deletion;
 *   404 when no tag of that id was deleted; 409 when it is there already, a tag of its name has
 *   been made since, or it is too late
 * GET /studenttags[?studentId=] → 200 {count, next, previous, results: StudentTag[]}
 * POST /studenttags {student, tag} → 201 StudentTag, undoable (HISTORY_ID_HEADER: its undo takes
 *   the tag off again); 404 unknown learner or tag; 409 when the learner already has the tag
 * DELETE /studenttags/{id} → 204 (id = the link id the board sends as tags[].id), undoable (its
 *   undo puts the same link back); 404 unknown
 */

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const Tag = Type.Object({ id: Type.Integer(), name: Type.String() });
export type Tag = Static<typeof Tag>;
/** A tag as the list gives it: with the number of learners wearing it. */
export const TagInUse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  learners: Type.Integer(),
});
export type TagInUse = Static<typeof TagInUse>;
export const TagList = Paginated(TagInUse);
export type TagList = Static<typeof TagList>;

export const CreateTagBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 25, pattern: '\\S' }),
});
export type CreateTagBody = Static<typeof CreateTagBody>;

export const TagRestored = Type.Object({
  /** What was done, e.g. "Tag 'needs pairing' restored on 3 learners". */
  message: Type.String(),
  tag: Tag,
  /** How many learners wear it again. */
  learners: Type.Integer(),
});
export type TagRestored = Static<typeof TagRestored>;

export const StudentTag = Type.Object({
  id: Type.Integer(),
  student: Type.Integer(),
  tag: Type.Integer(),
});
export type StudentTag = Static<typeof StudentTag>;
export const StudentTagList = Paginated(StudentTag);
export type StudentTagList = Static<typeof StudentTagList>;

export const StudentTagsQuery = Type.Object({ studentId: Type.Optional(Id) });
export type StudentTagsQuery = Static<typeof StudentTagsQuery>;

export const CreateStudentTagBody = Type.Object({ student: Id, tag: Id });
export type CreateStudentTagBody = Static<typeof CreateStudentTagBody>;
