import type { SignedInPerson } from '../../plugins/principal.ts';

/*
 * Who may do what to a cohort:
 * - read it (GET /cohorts, GET /cohorts/{id}): staff see every cohort, a learner only their
 *   current one (mayReadCohort, shared with the cohort's links and calendar);
 * - its secrets (the invitation and the calendar feed URL): shown to staff only;
 * - create, edit, activate, migrate, rotate the invitation, add or remove learners, and join or
 *   leave as an instructor (any staff member, for as many cohorts as they coach): staff, by the
 *   routes' staff access, so no rule here.
 */

export { mayReadCohort } from './cohort-access.ts';

export const maySeeCohortSecrets = (caller: SignedInPerson) => caller.isStaff;
