// Cohort membership, written one way. A learner belongs to at most one cohort at a time: the
// membership row whose left_at is null. Rows with a left_at are history (a transfer or a removal
// ends a membership, an undo reopens it).
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The condition "the membership row under `alias` is current", for where, join on and sql``. */
export const isCurrentMembership = (alias = 'cohort_memberships') =>
  sql<boolean>`${sql.ref(`${alias}.left_at`)} is null`;

/** The same condition as SQL text, for statements kept as reviewed text (the board). */
export const isCurrentMembershipText = (alias: string) => `${alias}.left_at is null`;

/** The condition "the membership under `alias` was still held at `instant`" (a column). */
export const membershipHeldAt = (alias: string, instant: string) =>
  sql<boolean>`(${isCurrentMembership(alias)} or ${sql.ref(`${alias}.left_at`)} > ${sql.ref(instant)})`;

/** Current memberships, as `m`, to filter, join and select from. */
export const currentMemberships = (db: Kysely<Database>) =>
  db.selectFrom('cohort_memberships as m').where(isCurrentMembership('m'));

/** A person's current membership row (id, cohort), or undefined when they are in no cohort. */
export const currentMembershipOf = (db: Kysely<Database>, personId: number) =>
  currentMemberships(db)
    .select(['m.id', 'm.cohort_id', 'm.is_github_org_member'])
    .where('m.person_id', '=', personId)
    .executeTakeFirst();

/** The cohort a person currently belongs to, or undefined. */
export const currentCohortOf = async (db: Kysely<Database>, personId: number) =>
  (await currentMembershipOf(db, personId))?.cohort_id;

/** How many learners (not staff) are current members of the cohort whose id is in `cohortId`. */
export const currentLearnerCount = (cohortId: string) =>
  sql<number>`(select count(*)::int from cohort_memberships m
    join people p on p.id = m.person_id
    where m.cohort_id = ${sql.ref(cohortId)} and ${isCurrentMembership('m')} and not p.is_staff)`;

/**
 * Current learner counts of every cohort (cohort_id, students), to join to a list of cohorts:
 * one pass over the memberships instead of a count per cohort.
 */
export const currentLearnerCounts = (db: Kysely<Database>) =>
  currentMemberships(db)
    .innerJoin('people as p', 'p.id', 'm.person_id')
    .where('p.is_staff', '=', false)
    .groupBy('m.cohort_id')
    .select(['m.cohort_id', sql<number>`count(*)::int`.as('students')]);
