import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { fullNameSql } from '../../lib/names.ts';
import { currentAssignmentJoinText } from '../board/index.ts';
import { isCurrentMembership } from './membership.ts';

/** An assignment a migration made or renewed, with what its undo needs to put it back. */
export interface MigratedAssignment {
  id: number;
  student_id: number;
  /** The assignment as it was when the learner had the project before (null: it was new). */
  previous: { assigned_at: string; assigned_by: number | null } | null;
}

/** The cohort's current, active learners (no staff), as the migration moves them. */
const currentLearners = (db: Db, cohortId: number) =>
  db
    .selectFrom('cohort_memberships')
    .innerJoin('people', 'people.id', 'cohort_memberships.person_id')
    .select('cohort_memberships.person_id')
    .where('cohort_memberships.cohort_id', '=', cohortId)
    .where(isCurrentMembership())
    .where('people.is_staff', '=', false)
    .where('people.is_active', '=', true);

/**
 * Assigns every current learner of the cohort to a project in one statement. A learner who had
 * it before gets it again as their newest assignment, so it becomes their current project; what
 * that assignment was before is kept (assigned_at as text: to the microsecond).
 */
export async function assignAllLearners(
  trx: Db,
  cohortId: number,
  projectId: number,
  actorId: number,
): Promise<MigratedAssignment[]> {
  const earlier = await trx
    .selectFrom('student_projects')
    .select(['id', sql<string>`assigned_at::text`.as('assigned_at'), 'assigned_by'])
    .where('project_id', '=', projectId)
    .where('student_id', 'in', currentLearners(trx, cohortId))
    .execute();
  const before = new Map(earlier.map(({ id, ...previous }) => [id, previous]));
  const rows = await trx
    .insertInto('student_projects')
    .columns(['student_id', 'project_id', 'assigned_by'])
    .expression(
      currentLearners(trx, cohortId).select([
        sql<number>`${projectId}::int`.as('project_id'),
        sql<number>`${actorId}::int`.as('assigned_by'),
      ]),
    )
    .onConflict((oc) =>
      oc.columns(['student_id', 'project_id']).doUpdateSet({
        assigned_at: sql`now()`,
        assigned_by: actorId,
      }),
    )
    .returning(['id', 'student_id'])
    .execute();
  return rows.map((row) => ({ ...row, previous: before.get(row.id) ?? null }));
}

/** The learners among these whose current assignment is not the given one, by name. */
export async function movedSince(trx: Db, assignments: MigratedAssignment[]): Promise<string[]> {
  if (assignments.length === 0) return [];
  const { rows } = await sql<{ id: number | null; name: string }>`
    select cp.id, ${fullNameSql('p')} as name
    from people p
    ${sql.raw(currentAssignmentJoinText('p.id', 'sp.id', '    '))}
    where p.id = any(${assignments.map((row) => row.student_id)}::int[])`.execute(trx);
  const made = new Set(assignments.map((row) => row.id));
  return rows.filter((row) => row.id === null || !made.has(row.id)).map((row) => row.name);
}

/**
 * Takes the migration's assignments back, in two statements: the new ones go, the renewed ones
 * get their date and author from before.
 */
export async function revertAssignments(trx: Db, assignments: MigratedAssignment[]) {
  const added = assignments.filter((row) => row.previous === null).map((row) => row.id);
  if (added.length > 0) await trx.deleteFrom('student_projects').where('id', 'in', added).execute();
  const renewed = assignments.flatMap(({ id, previous }) =>
    previous ? [{ id, ...previous }] : [],
  );
  if (renewed.length === 0) return;
  await sql`
    update student_projects sp
    set assigned_at = old.assigned_at::timestamptz, assigned_by = old.assigned_by
    from unnest(
      ${renewed.map((row) => row.id)}::int[],
      ${renewed.map((row) => row.assigned_at)}::text[],
      ${renewed.map((row) => row.assigned_by)}::int[]
    ) as old (id, assigned_at, assigned_by)
    where sp.id = old.id`.execute(trx);
}

/** The cohort's latest migration or undo of one, as its audit entry recorded it. */
export const lastMigration = (db: Db, cohortId: number) =>
  db
    .selectFrom('audit_log')
    .select(['action', 'before', 'after'])
    .where('entity', '=', 'cohort')
    .where('entity_id', '=', String(cohortId))
    .where('action', 'in', ['migrate', 'unmigrate'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
