import type { SignedInPerson } from '../../plugins/principal.ts';

/*
 * Capstone proposals:
 * - a cohort's proposals (GET /capstones?cohortId=): staff;
 * - a learner's proposals (GET /capstones?studentId=): staff, or that learner;
 * - submitting a proposal (POST /capstones): the signed-in learner, for themself only (staff
 *   have no proposals of their own);
 * - the review timeline (POST /timelines, DELETE /timelines/{id} to revoke): staff (route access
 *   'staff', no rule here).
 */
export const mayReadCohortCapstones = (caller: SignedInPerson) => caller.isStaff;

export const mayReadLearnerCapstones = (caller: SignedInPerson, learnerId: number) =>
  caller.isStaff || caller.id === learnerId;

export const maySubmitProposal = (caller: SignedInPerson) => !caller.isStaff;
