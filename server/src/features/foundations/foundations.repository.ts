import type { FoundationsExercise } from '@lp/contract/foundations';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { DISPLAY_TIME_ZONE, isoTimestampSql } from '../../lib/dates.ts';
import { containsPattern } from '../../lib/search.ts';

export interface LearnerProgressRow {
  learner_github_id: string;
  learner_name: string;
  cohort: string;
  exercises: FoundationsExercise[];
}

/**
 * Every learner with an exercise tried since `since` (a calendar day in the display time zone, or
 * the last 90 days), with those exercises, in ONE statement. Never selects completed_code.
 */
export async function listProgress(
  db: Db,
  filter: { learnerName?: string; since?: string },
): Promise<LearnerProgressRow[]> {
  const name = filter.learnerName?.trim() ? containsPattern(filter.learnerName.trim()) : null;
  const since = filter.since
    ? sql`(${filter.since}::date)::timestamp at time zone ${sql.lit(DISPLAY_TIME_ZONE)}`
    : sql`now() - interval '90 days'`;
  const result = await sql<LearnerProgressRow>`
    select e.learner_github_id,
      coalesce(nullif(p.learner_name, ''), (array_agg(e.learner_name order by e.id))[1]) as learner_name,
      case when p.id is null then 'Unassigned' else p.cohort_type || ' ' || p.cohort_number end as cohort,
      json_agg(json_build_object(
        'id', e.id, 'title', e.title, 'complete', e.complete, 'attempts', e.attempts,
        'first_attempt', ${isoTimestampSql('e.first_attempt')}, 'last_attempt', ${isoTimestampSql('e.last_attempt')},
        'used_solution', e.used_solution
      ) order by e.id) as exercises
    from foundations_exercises e
    left join foundations_learner_profiles p on p.learner_github_id = e.learner_github_id
    where e.last_attempt >= ${since}
      and (${name}::text is null or e.learner_name ilike ${name} or p.learner_name ilike ${name})
    group by e.learner_github_id, p.id
    order by e.learner_github_id`.execute(db);
  return result.rows;
}

export const findProfile = (db: Db, githubId: string) =>
  db
    .selectFrom('foundations_learner_profiles')
    .selectAll()
    .where('learner_github_id', '=', githubId)
    .forUpdate()
    .executeTakeFirst();

export const deleteProfile = (db: Db, githubId: string) =>
  db.deleteFrom('foundations_learner_profiles').where('learner_github_id', '=', githubId).execute();

export const setProfileCohort = (
  db: Db,
  githubId: string,
  cohort: { cohort_type: string; cohort_number: number },
) =>
  db
    .updateTable('foundations_learner_profiles')
    .set(cohort)
    .where('learner_github_id', '=', githubId)
    .execute();

/** The profile as it was before the learner's latest cohort assignment (null: there was none). */
export async function profileBeforeAssignment(db: Db, githubId: string) {
  const entry = await db
    .selectFrom('audit_log')
    .select('before')
    .where('entity', '=', 'foundations_learner_profile')
    .where('entity_id', '=', githubId)
    .where('action', '=', 'assign-cohort')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const before = entry?.before as { cohort_type?: unknown; cohort_number?: unknown } | null;
  return typeof before?.cohort_type === 'string' && typeof before.cohort_number === 'number'
    ? { cohort_type: before.cohort_type, cohort_number: before.cohort_number }
    : null;
}

export const hasExercises = async (db: Db, githubId: string) =>
  (await db
    .selectFrom('foundations_exercises')
    .select('id')
    .where('learner_github_id', '=', githubId)
    .limit(1)
    .executeTakeFirst()) !== undefined;

export const firstExerciseName = async (db: Db, githubId: string) =>
  (
    await db
      .selectFrom('foundations_exercises')
      .select('learner_name')
      .where('learner_github_id', '=', githubId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()
  )?.learner_name ?? '';

export const upsertProfileCohort = (
  db: Db,
  row: { githubId: string; name: string; cohortType: string; cohortNumber: number },
) =>
  db
    .insertInto('foundations_learner_profiles')
    .values({
      learner_github_id: row.githubId,
      learner_name: row.name,
      cohort_type: row.cohortType,
      cohort_number: row.cohortNumber,
    })
    .onConflict((oc) =>
      oc.column('learner_github_id').doUpdateSet({
        cohort_type: row.cohortType,
        cohort_number: row.cohortNumber,
      }),
    )
    .returning(['learner_github_id', 'learner_name', 'cohort_type', 'cohort_number'])
    .executeTakeFirstOrThrow();

/** A learner profile the first time the exercise site reports a learner; names never change. */
export const ensureProfile = (db: Db, githubId: string, name: string) =>
  db
    .insertInto('foundations_learner_profiles')
    .values({ learner_github_id: githubId, learner_name: name })
    .onConflict((oc) => oc.column('learner_github_id').doNothing())
    .execute();

export interface ExerciseUpload {
  learner_github_id: string;
  slug: string;
  learner_name: string;
  title: string;
  attempts: number;
  complete: boolean;
  completed_on: Date | null;
  first_attempt: Date | null;
  last_attempt: Date | null;
  completed_code: string | null;
  used_solution: boolean;
}

export const upsertExercise = (db: Db, row: ExerciseUpload) => {
  const { learner_github_id: _id, slug: _slug, ...changes } = row;
  return db
    .insertInto('foundations_exercises')
    .values(row)
    .onConflict((oc) => oc.columns(['learner_github_id', 'slug']).doUpdateSet(changes))
    .returning(['id'])
    .executeTakeFirstOrThrow();
};
