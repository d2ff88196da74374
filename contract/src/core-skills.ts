import { type Static, Type } from 'typebox';
import { Paginated, Timestamp } from './common.ts';

/*
 * Core skills and a learner's rating in each (level 1 to 10). Staff only.
 *
 * GET /coreskills → 200 {count, next, previous, results: CoreSkill[]}
 * GET /coreskillrecords?studentId= → 200 CoreSkillRecord[] ordered by skill label
 * GET /coreskillrecords/{id} → 200 CoreSkillRecord; 404
 * POST /coreskillrecords {student, skill, level, note} → 201 CoreSkillRecord (and a history entry
 *   with the note); 404 unknown learner or skill; 409 when the learner already has that skill
 *   ('Start Tracking Core Skills' posts one per skill at level 1 with the note 'Initial record')
 * PUT /coreskillrecords/{id} {level} → 204 (and a history entry); the client may also send
 *   student_id and skill_id, which are ignored
 */

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Level = Type.Integer({ minimum: 1, maximum: 10 });

export const CoreSkill = Type.Object({ id: Type.Integer(), label: Type.String() });
export type CoreSkill = Static<typeof CoreSkill>;
export const CoreSkillList = Paginated(CoreSkill);
export type CoreSkillList = Static<typeof CoreSkillList>;

export const CoreSkillRecord = Type.Object({
  id: Type.Integer(),
  student: Type.Integer(),
  skill: CoreSkill,
  level: Type.Integer(),
  /** ISO instant of the last change. */
  updated_on: Timestamp,
});
export type CoreSkillRecord = Static<typeof CoreSkillRecord>;
export const CoreSkillRecordList = Type.Array(CoreSkillRecord);
export type CoreSkillRecordList = Static<typeof CoreSkillRecordList>;

export const CoreSkillRecordsQuery = Type.Object({ studentId: Id });
export type CoreSkillRecordsQuery = Static<typeof CoreSkillRecordsQuery>;

export const CreateCoreSkillRecordBody = Type.Object({
  student: Id,
  skill: Id,
  level: Level,
  note: Type.Optional(Type.String({ maxLength: 10000 })),
});
export type CreateCoreSkillRecordBody = Static<typeof CreateCoreSkillRecordBody>;

export const UpdateCoreSkillRecordBody = Type.Object({ level: Level });
export type UpdateCoreSkillRecordBody = Static<typeof UpdateCoreSkillRecordBody>;
