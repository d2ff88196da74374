import type { Db } from '../../db/schema.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { currentCohortOf } from './membership.ts';

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
