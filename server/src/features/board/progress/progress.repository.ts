import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database, Db } from '../../../db/schema.ts';
import { fullNameOrNullSql, fullNameSql, fullNameText } from '../../../lib/names.ts';
import { isCurrentMembership } from '../../cohorts/index.ts';
import { currentAssignmentOf } from '../assignments.ts';
import { CARD_VERSION_TEXT, cardJoinText } from '../card-version.ts';

/** A learner (never a staff member) with what notifications and repositories need. */
export const findLearner = (db: Db, id: number) =>
  db
    .selectFrom('people as p')
    .leftJoin('cohort_memberships as m', (join) =>
      join.onRef('m.person_id', '=', 'p.id').on(isCurrentMembership('m')),
    )
    .leftJoin('cohorts as c', 'c.id', 'm.cohort_id')
    .leftJoin('cohort_info as ci', 'ci.cohort_id', 'c.id')
    .select([
      'p.id',
      fullNameSql('p').as('name'),
      'p.github_login',
      'p.slack_handle',
      'c.id as cohort_id',
      'c.name as cohort_name',
      'c.slack_channel as cohort_channel',
      'ci.student_organization_url as organization_url',
    ])
    .where('p.id', '=', id)
    .where('p.is_staff', '=', false)
    .executeTakeFirst();

export const findProject = (db: Db, id: number) =>
  db.selectFrom('projects').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

export const hasHadProject = async (db: Db, studentId: number, projectId: number) =>
  Boolean(
    await db
      .selectFrom('student_projects')
      .select('id')
      .where('student_id', '=', studentId)
      .where('project_id', '=', projectId)
      .executeTakeFirst(),
  );

export const insertStudentProject = (
  db: Db,
  values: { student_id: number; project_id: number; assigned_by: number },
) =>
  db
    .insertInto('student_projects')
    .values(values)
    .returning(['id', 'student_id', 'project_id', 'assigned_at'])
    .executeTakeFirstOrThrow();

export const assessmentOfBook = (db: Db, bookId: number) =>
  db
    .selectFrom('assessments as a')
    .innerJoin('books as b', 'b.id', 'a.book_id')
    .select(['a.id', 'a.name', 'a.source_url', 'b.name as book_name'])
    .where('a.book_id', '=', bookId)
    .executeTakeFirst();

export const findStudentAssessment = (db: Db, studentId: number, assessmentId: number) =>
  db
    .selectFrom('student_assessments')
    .select(['id', 'status_id'])
    .where('student_id', '=', studentId)
    .where('assessment_id', '=', assessmentId)
    .executeTakeFirst();

export const insertStudentAssessment = (
  db: Db,
  values: { student_id: number; assessment_id: number; instructor_id: number | null; url: string },
) =>
  db
    .insertInto('student_assessments')
    .values({ ...values, status_id: 1 })
    .returning(['id', 'student_id', 'assessment_id', 'status_id', 'url'])
    .executeTakeFirstOrThrow();

/** The learner's current project (their latest assignment), if any. */
export const currentProject = (db: Db, studentId: number) =>
  currentAssignmentOf(db, studentId).select(['project.id', 'project.name']).executeTakeFirst();

/** The book of the learner's current project (their latest assignment), if any. */
export const currentBook = (db: Db, studentId: number) =>
  currentAssignmentOf(db, studentId).select(['book.id', 'book.name']).executeTakeFirst();

/**
 * The learner's self-assessment a status change names (by id), or without an id their most
 * recently started one; locked for the change, so the decision is made on what it holds now.
 */
export const lockStudentAssessment = (
  trx: Transaction<Database>,
  studentId: number,
  id: number | undefined,
) => {
  let query = trx
    .selectFrom('student_assessments as sa')
    .innerJoin('assessments as a', 'a.id', 'sa.assessment_id')
    .innerJoin('assessment_statuses as st', 'st.id', 'sa.status_id')
    .select([
      'sa.id',
      'sa.assessment_id',
      'sa.status_id',
      'sa.url',
      'a.name as assessment_name',
      'st.status',
      'sa.instructor_id',
      'sa.status_changed_at',
    ])
    .where('sa.student_id', '=', studentId);
  if (id !== undefined) query = query.where('sa.id', '=', id);
  return query
    .orderBy('sa.created_at', 'desc')
    .orderBy('sa.id', 'desc')
    .limit(1)
    .forNoKeyUpdate('sa')
    .executeTakeFirst();
};

export const statusLabel = async (db: Db, id: number) =>
  (
    await db
      .selectFrom('assessment_statuses')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst()
  )?.status ?? String(id);

export const setAssessmentStatus = (
  db: Db,
  id: number,
  statusId: number,
  reviewerId: number | undefined,
) =>
  db
    .updateTable('student_assessments')
    .set({
      status_id: statusId,
      status_changed_at: sql`now()`,
      ...(reviewerId === undefined ? {} : { instructor_id: reviewerId }),
    })
    .where('id', '=', id)
    .execute();

/**
 * Marks every objective of the assessment achieved for the learner: creates missing records and
 * flips existing unachieved ones; each gets an entry with the note. Returns each record changed
 * or given an entry, whether it was created, and its new entry's id (what an undo takes back).
 */
export async function achieveAssessmentObjectives(
  db: Db,
  studentId: number,
  assessmentId: number,
  note: string,
  instructorId: number,
) {
  const existing = await db
    .selectFrom('learning_records as r')
    .innerJoin('assessment_objectives as ao', 'ao.objective_id', 'r.objective_id')
    .select(['r.id', 'r.achieved'])
    .where('r.student_id', '=', studentId)
    .where('ao.assessment_id', '=', assessmentId)
    .execute();
  const before = new Map(existing.map((record) => [record.id, record.achieved]));
  const records = await db
    .insertInto('learning_records')
    .columns(['student_id', 'objective_id', 'achieved'])
    .expression((eb) =>
      eb
        .selectFrom('assessment_objectives')
        .select([
          sql<number>`${studentId}::int`.as('student_id'),
          'objective_id',
          sql<boolean>`true`.as('achieved'),
        ])
        .where('assessment_id', '=', assessmentId),
    )
    .onConflict((oc) => oc.columns(['student_id', 'objective_id']).doUpdateSet({ achieved: true }))
    .returning(['id', 'objective_id'])
    .execute();
  if (records.length === 0) return [];
  const entries = await db
    .insertInto('learning_record_entries')
    .values(records.map((record) => ({ record_id: record.id, note, instructor_id: instructorId })))
    .returning(['id', 'record_id'])
    .execute();
  return entries.map((entry) => ({
    id: entry.record_id,
    created: !before.has(entry.record_id),
    was_achieved: before.get(entry.record_id) ?? false,
    entry_id: entry.id,
  }));
}

export interface CardState {
  version: string;
  learner: string;
  project_id: number | null;
  project_name: string | null;
  assessment_name: string | null;
  status_id: number | null;
  status: string | null;
}

/**
 * The learner's card as the board draws it (its current project and that book's self-assessment,
 * through the board's own join) with its version; undefined for no such learner.
 */
export const cardState = async (db: Db, learnerId: number) =>
  (
    await sql<CardState>`
      select ${sql.raw(CARD_VERSION_TEXT)} as version,
        ${sql.raw(fullNameText('p'))} as learner,
        cp.project_id, cp.project_name, cp.assessment_name, sa.status_id, st.status
      from people p
      ${sql.raw(cardJoinText('p.id', '      '))}
      left join assessment_statuses st on st.id = sa.status_id
      where p.id = ${learnerId}`.execute(db)
  ).rows[0];

/** The latest change to the learner's card in their history: what it was and who made it. */
export const lastCardChange = (db: Db, learnerId: number) =>
  db
    .selectFrom('audit_log as a')
    .leftJoin('people as actor', 'actor.id', 'a.actor_id')
    .select(['a.action', 'a.actor_id', fullNameOrNullSql('actor').as('actor')])
    .where('a.entity', '=', 'learner')
    .where('a.entity_id', '=', String(learnerId))
    .where('a.action', 'in', ['move', 'start_assessment', 'status', 'undo'])
    .orderBy('a.id', 'desc')
    .limit(1)
    .executeTakeFirst();
