import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SignedInPerson } from '../plugins/principal.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The cohort a person currently belongs to as a learner, or undefined. */
export const currentCohortOf = async (db: Db, personId: number) =>
  (
    await db
      .selectFrom('cohort_memberships')
      .select('cohort_id')
      .where('person_id', '=', personId)
      .where('left_at', 'is', null)
      .executeTakeFirst()
  )?.cohort_id;

/**
 * Staff or a member of the cohort: who may read a cohort and what belongs to it (its links, its
 * calendar). Every staff member may, not only its coaches; a learner only while in it.
 */
export async function mayReadCohort(
  db: Db,
  caller: SignedInPerson,
  cohortId: number,
): Promise<boolean> {
  if (caller.isStaff) return true;
  return (await currentCohortOf(db, caller.id)) === cohortId;
}
