import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { currentAssignmentOf } from '../assignments.ts';
import type {
  RemoveNoteRecord,
  RevokeCapstoneStepRecord,
  UnlinkRepositoryRecord,
  UntagRecord,
} from './learner-history.ts';

// What undoing a board change reads and writes. Every function runs inside the undo's
// transaction, after the learner's row is locked.
type Trx = Transaction<Database>;

/** The learner's current assignment (their latest), with its project's name. */
export const currentAssignment = (trx: Trx, studentId: number) =>
  currentAssignmentOf(trx, studentId)
    .select(['sp.id', 'project.name as project'])
    .executeTakeFirst();

export const deleteAssignment = (trx: Trx, id: number) =>
  trx.deleteFrom('student_projects').where('id', '=', id).execute();

export const lockStudentAssessment = (trx: Trx, id: number) =>
  trx
    .selectFrom('student_assessments as sa')
    .innerJoin('assessment_statuses as st', 'st.id', 'sa.status_id')
    .select(['sa.id', 'sa.status_id', 'st.status'])
    .where('sa.id', '=', id)
    .forNoKeyUpdate('sa')
    .executeTakeFirst();

export const deleteStudentAssessment = (trx: Trx, id: number) =>
  trx.deleteFrom('student_assessments').where('id', '=', id).execute();

export const restoreAssessmentStatus = (
  trx: Trx,
  id: number,
  values: { status_id: number; instructor_id: number | null; status_changed_at: string },
) => trx.updateTable('student_assessments').set(values).where('id', '=', id).execute();

export const lockRecord = (trx: Trx, id: number) =>
  trx
    .selectFrom('learning_records')
    .select(['id', 'achieved'])
    .where('id', '=', id)
    .forNoKeyUpdate()
    .executeTakeFirst();

export const deleteRecord = (trx: Trx, id: number) =>
  trx.deleteFrom('learning_records').where('id', '=', id).execute();

export const setAchieved = (trx: Trx, id: number, achieved: boolean) =>
  trx.updateTable('learning_records').set({ achieved }).where('id', '=', id).execute();

export const deleteEntry = (trx: Trx, id: number) =>
  trx.deleteFrom('learning_record_entries').where('id', '=', id).execute();

/** The capstone's latest timeline entry, the capstone's row locked. */
export async function latestTimeline(trx: Trx, capstoneId: number) {
  const capstone = await trx
    .selectFrom('capstones')
    .select('id')
    .where('id', '=', capstoneId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!capstone) return undefined;
  return trx
    .selectFrom('capstone_timelines as t')
    .innerJoin('proposal_statuses as s', 's.id', 't.status_id')
    .select(['t.id', 's.status'])
    .where('t.capstone_id', '=', capstoneId)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export const deleteTimeline = (trx: Trx, id: number) =>
  trx.deleteFrom('capstone_timelines').where('id', '=', id).execute();

export const tagExists = async (trx: Trx, id: number) =>
  Boolean(await trx.selectFrom('tags').select('id').where('id', '=', id).executeTakeFirst());

export const hasTag = async (trx: Trx, studentId: number, tagId: number) =>
  Boolean(
    await trx
      .selectFrom('student_tags')
      .select('id')
      .where('student_id', '=', studentId)
      .where('tag_id', '=', tagId)
      .executeTakeFirst(),
  );

export const deleteTagLink = async (trx: Trx, id: number) =>
  (await trx.deleteFrom('student_tags').where('id', '=', id).executeTakeFirst()).numDeletedRows >
  0n;

/** Puts a removed row back with its original id and values. */
export const reinsertLink = (trx: Trx, link: UntagRecord['link']) =>
  trx.insertInto('student_tags').values(link).execute();

export const reinsertNote = (trx: Trx | Kysely<Database>, note: RemoveNoteRecord['note']) =>
  trx.insertInto('notes').values(note).execute();

export const deleteRepositoryLink = async (trx: Trx, id: number) =>
  (await trx.deleteFrom('repository_links').where('id', '=', id).executeTakeFirst())
    .numDeletedRows > 0n;

/** How many entries a core skill record has (locking it), or null when it is gone. */
export async function coreSkillEntries(trx: Trx, recordId: number) {
  const record = await trx
    .selectFrom('core_skill_records')
    .select('id')
    .where('id', '=', recordId)
    .forUpdate()
    .executeTakeFirst();
  if (!record) return null;
  const { count } = await trx
    .selectFrom('core_skill_record_entries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('record_id', '=', recordId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export const deleteCoreSkillRecord = (trx: Trx, id: number) =>
  trx.deleteFrom('core_skill_records').where('id', '=', id).execute();

/** The newest entry of a core skill record (locking the record), or null. */
export async function latestCoreSkillEntry(trx: Trx, recordId: number) {
  if ((await coreSkillEntries(trx, recordId)) === null) return null;
  const entry = await trx
    .selectFrom('core_skill_record_entries')
    .select('id')
    .where('record_id', '=', recordId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return entry?.id ?? null;
}

export const restoreCoreSkillLevel = (
  trx: Trx,
  id: number,
  before: { level: number; updated_at: string },
) =>
  trx
    .updateTable('core_skill_records')
    .set({ level: before.level, updated_at: new Date(before.updated_at) })
    .where('id', '=', id)
    .execute();

export const deleteCoreSkillEntry = (trx: Trx, id: number) =>
  trx.deleteFrom('core_skill_record_entries').where('id', '=', id).execute();

export const capstoneExists = async (trx: Trx, id: number) =>
  Boolean(await trx.selectFrom('capstones').select('id').where('id', '=', id).executeTakeFirst());

export const reinsertTimeline = (trx: Trx, timeline: RevokeCapstoneStepRecord['timeline']) =>
  trx
    .insertInto('capstone_timelines')
    .values({ ...timeline, created_at: new Date(timeline.created_at) })
    .execute();

export const deleteNote = async (trx: Trx, id: number) =>
  (await trx.deleteFrom('notes').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n;

export const deleteIntervention = async (trx: Trx, id: number) =>
  (await trx.deleteFrom('interventions').where('id', '=', id).executeTakeFirst()).numDeletedRows >
  0n;

export const repositoryExists = async (trx: Trx, id: number) =>
  Boolean(
    await trx.selectFrom('repositories').select('id').where('id', '=', id).executeTakeFirst(),
  );

export const hasRepositoryLink = async (trx: Trx, learnerId: number, repositoryId: number) =>
  Boolean(
    await trx
      .selectFrom('repository_links')
      .select('id')
      .where('learner_id', '=', learnerId)
      .where('repository_id', '=', repositoryId)
      .executeTakeFirst(),
  );

export const reinsertRepositoryLink = (trx: Trx, link: UnlinkRepositoryRecord['link']) =>
  trx.insertInto('repository_links').values(link).execute();
