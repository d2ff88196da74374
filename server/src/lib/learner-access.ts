import type { SignedInPerson } from '../plugins/principal.ts';

/**
 * The rule for learner records (notes, tags, records, core skills, transfer, clear, delete):
 * any staff member may act on any learner, whether or not they coach the learner's cohort.
 * Staff includes coaches who cover for each other's cohorts, and the same people also
 * administer every cohort. Learners never may, not even on themselves.
 */
export const staffMayActOnLearner = (caller: SignedInPerson) => caller.isStaff;
