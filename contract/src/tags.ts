import { type Static, Type } from 'typebox';
import { Paginated } from './common.ts';

/*
 * Tags and the links that put them on learners. Staff only.
 *
 * GET /tags → 200 {count, next, previous, results: Tag[]} (every tag, by name)
 * POST /tags {name} → 201 Tag; 409 when a tag of that name (any case) exists
 * DELETE /tags/{id} → 204 (removes the tag from every learner); 404 unknown
 * GET /studenttags[?studentId=] → 200 {count, next, previous, results: StudentTag[]}
 * POST /studenttags {student, tag} → 201 StudentTag; 404 unknown learner or tag;
 *   409 when the learner already has the tag
 * DELETE /studenttags/{id} → 204 (id = the link id the board sends as tags[].id); 404 unknown
 */

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const Tag = Type.Object({ id: Type.Integer(), name: Type.String() });
export type Tag = Static<typeof Tag>;
export const TagList = Paginated(Tag);
export type TagList = Static<typeof TagList>;

export const CreateTagBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 25, pattern: '\\S' }),
});
export type CreateTagBody = Static<typeof CreateTagBody>;

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
