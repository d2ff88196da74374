import type { SignedInPerson } from '../../plugins/principal.ts';

/*
 * Who may read boards and learner lists (GET /students and its variants):
 * - any staff member may read the board of any cohort, not only the cohorts they coach
 *   (staff manage every learner; instructors are staff with a cohort_coaches row);
 * - learners never: a board shows other learners' data (403, by the route's `staff` access).
 * The lookups (GET /statuses, GET /proposalstatuses) are open to anyone signed in.
 */
export const mayReadBoards = (caller: SignedInPerson) => caller.isStaff;
