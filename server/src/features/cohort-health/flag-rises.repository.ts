import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { currentMemberships } from '../cohorts/index.ts';

/** Every active cohort with a current member: the cohorts whose health is checked. */
export const cohortsWithMembers = (db: Db) =>
  currentMemberships(db)
    .innerJoin('cohorts', 'cohorts.id', 'm.cohort_id')
    .where('cohorts.active', '=', true)
    .select('m.cohort_id')
    .distinct()
    .orderBy('m.cohort_id')
    .execute()
    .then((rows) => rows.map((row) => row.cohort_id));

/** Lowers every flag but those of `flagged` (a flag that came down may rise again). */
export const lowerAllBut = (db: Db, flagged: readonly number[]) =>
  db
    .deleteFrom('raised_health_flags')
    .where(sql<boolean>`not (student_id = any(${[...flagged]}::integer[]))`)
    .execute();

/** Raises the flags of `flagged` not up yet; the learners whose flag this raised. */
export const raise = (db: Db, flagged: readonly number[]) =>
  flagged.length === 0
    ? Promise.resolve([])
    : db
        .insertInto('raised_health_flags')
        .columns(['student_id'])
        .expression(sql`select unnest(${[...flagged]}::integer[])`)
        .onConflict((conflict) => conflict.column('student_id').doNothing())
        .returning('student_id')
        .execute()
        .then((rows) => rows.map((row) => row.student_id));
