import type { ClearedCounts } from '@lp/contract/learners';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { fullNameOrNullSql } from '../../lib/names.ts';
import { boardChangeActions } from '../board/index.ts';
import { currentMemberships } from '../cohorts/index.ts';

type Trx = Transaction<Database>;
type Row = Record<string, unknown>;
type Tables = keyof Database;

/**
 * Everything "Clear Student Data" removes, parents before children (the order rows are restored
 * in). Children are found through their parent and go with it (on delete cascade).
 */
const progressTables: Array<{
  table: Tables;
  count: keyof ClearedCounts;
  owner?: string;
  parent?: { table: Tables; fk: string };
}> = [
  { table: 'cohort_memberships', count: 'cohort_memberships', owner: 'person_id' },
  { table: 'student_projects', count: 'projects', owner: 'student_id' },
  { table: 'student_assessments', count: 'assessments', owner: 'student_id' },
  { table: 'learning_records', count: 'learning_records', owner: 'student_id' },
  {
    table: 'learning_record_entries',
    count: 'learning_record_entries',
    parent: { table: 'learning_records', fk: 'record_id' },
  },
  { table: 'core_skill_records', count: 'core_skill_records', owner: 'student_id' },
  {
    table: 'core_skill_record_entries',
    count: 'core_skill_record_entries',
    parent: { table: 'core_skill_records', fk: 'record_id' },
  },
  { table: 'capstones', count: 'capstones', owner: 'student_id' },
  {
    table: 'capstone_timelines',
    count: 'capstone_timelines',
    parent: { table: 'capstones', fk: 'capstone_id' },
  },
  { table: 'student_tags', count: 'tags', owner: 'student_id' },
];

export type ProgressSnapshot = Partial<Record<Tables, Row[]>>;

/** Every progress row of the learner, exactly as stored. */
export async function snapshotProgress(trx: Trx, studentId: number): Promise<ProgressSnapshot> {
  const snapshot: ProgressSnapshot = {};
  for (const { table, owner, parent } of progressTables) {
    const query = parent
      ? sql<Row>`select c.* from ${sql.table(table)} c
          join ${sql.table(parent.table)} p on p.id = ${sql.ref(`c.${parent.fk}`)}
          where p.student_id = ${studentId} order by c.id`
      : sql<Row>`select * from ${sql.table(table)} where ${sql.ref(owner ?? 'student_id')} = ${studentId} order by id`;
    snapshot[table] = (await query.execute(trx)).rows;
  }
  return snapshot;
}

export function countSnapshot(snapshot: ProgressSnapshot): ClearedCounts {
  const counts = Object.fromEntries(progressTables.map(({ count }) => [count, 0])) as ClearedCounts;
  for (const { table, count } of progressTables) counts[count] = snapshot[table]?.length ?? 0;
  return counts;
}

/** Removes the learner's progress rows (children go with their parents). */
export async function deleteProgress(trx: Trx, studentId: number) {
  for (const { table, owner } of [...progressTables].reverse()) {
    if (!owner) continue;
    await sql`delete from ${sql.table(table)} where ${sql.ref(owner)} = ${studentId}`.execute(trx);
  }
}

/** Puts snapshot rows back with their original ids and values. */
export async function restoreProgress(trx: Trx, snapshot: ProgressSnapshot) {
  const loose = trx as unknown as Kysely<Record<string, Row>>;
  for (const { table } of progressTables) {
    const rows = snapshot[table] ?? [];
    if (rows.length > 0) await loose.insertInto(table).values(rows).execute();
  }
}

export const countNotesAndFeedback = async (trx: Trx, studentId: number) => {
  const row = await trx
    .selectNoFrom((eb) => [
      eb
        .selectFrom('notes')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .where('student_id', '=', studentId)
        .as('notes'),
      eb
        .selectFrom('feedback')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .where('student_id', '=', studentId)
        .as('feedback'),
    ])
    .executeTakeFirstOrThrow();
  return { notes: Number(row.notes ?? 0), feedback: Number(row.feedback ?? 0) };
};

export const personRow = (trx: Trx, id: number) =>
  trx
    .selectFrom('people')
    .select(['id', 'username', 'first_name', 'last_name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

export const deletePerson = (trx: Trx, id: number) =>
  trx.deleteFrom('people').where('id', '=', id).execute();

export const currentMembership = (trx: Trx, personId: number) =>
  currentMemberships(trx)
    .innerJoin('cohorts as c', 'c.id', 'm.cohort_id')
    .select(['m.id', 'm.cohort_id', 'c.name as cohort_name'])
    .where('m.person_id', '=', personId)
    .executeTakeFirst();

export const cohortRef = (trx: Trx, id: number) =>
  trx.selectFrom('cohorts').select(['id', 'name']).where('id', '=', id).executeTakeFirst();

export const endMembership = (trx: Trx, id: number) =>
  trx
    .updateTable('cohort_memberships')
    .set({ left_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

export const reopenMembership = (trx: Trx, id: number) =>
  trx
    .updateTable('cohort_memberships')
    .set({ left_at: null })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();

export const startMembership = (trx: Trx, personId: number, cohortId: number) =>
  trx
    .insertInto('cohort_memberships')
    .values({ person_id: personId, cohort_id: cohortId })
    .returningAll()
    .executeTakeFirstOrThrow();

export const deleteMembership = (trx: Trx, id: number) =>
  trx.deleteFrom('cohort_memberships').where('id', '=', id).execute();

/** Whether any of the learner's projects belongs to a course the cohort follows. */
export const hasProjectInCohortCourses = async (trx: Trx, studentId: number, cohortId: number) =>
  Boolean(
    await trx
      .selectFrom('student_projects as sp')
      .innerJoin('projects as p', 'p.id', 'sp.project_id')
      .innerJoin('books as b', 'b.id', 'p.book_id')
      .innerJoin('cohort_courses as cc', 'cc.course_id', 'b.course_id')
      .select('sp.id')
      .where('sp.student_id', '=', studentId)
      .where('cc.cohort_id', '=', cohortId)
      .executeTakeFirst(),
  );

export const assignProject = (trx: Trx, studentId: number, projectId: number, actorId: number) =>
  trx
    .insertInto('student_projects')
    .values({ student_id: studentId, project_id: projectId, assigned_by: actorId })
    .returningAll()
    .executeTakeFirstOrThrow();

export const deleteAssignment = (trx: Trx, id: number) =>
  trx.deleteFrom('student_projects').where('id', '=', id).execute();

/** The learner's undoable changes, newest first, with who did them and any undo. */
export const historyOf = (db: Kysely<Database> | Trx, studentId: number) =>
  db
    .selectFrom('audit_log as a')
    .leftJoin('people as actor', 'actor.id', 'a.actor_id')
    .select((eb) => [
      'a.id',
      'a.action',
      'a.after',
      'a.created_at',
      fullNameOrNullSql('actor').as('actor'),
      eb
        .selectFrom('audit_log as u')
        .select('u.created_at')
        .where('u.entity', '=', 'learner')
        .where('u.entity_id', '=', String(studentId))
        .where('u.action', '=', 'undo')
        .where(sql<boolean>`u.after->>'undoes' = a.id::text`)
        .limit(1)
        .as('undone_at'),
    ])
    .where('a.entity', '=', 'learner')
    .where('a.entity_id', '=', String(studentId))
    .where('a.action', 'in', ['clear', 'transfer', ...boardChangeActions])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(200);

export const historyEntry = (trx: Trx, studentId: number, id: number) =>
  historyOf(trx, studentId).select(['a.before']).where('a.id', '=', id).executeTakeFirst();
