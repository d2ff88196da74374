import type { SignedInPerson } from '../../plugins/principal.ts';

/*
 * Who may see and change a cohort's calendar:
 * - read its events: staff, or a learner of that cohort (mayReadCohortEvents, the rule for
 *   everything a cohort owns);
 * - add or delete its events: only an instructor (coach) of the cohort, not other staff;
 * - the subscription URL and its secret (rotating it): staff, by the route's staff access, so no
 *   rule here. The feed itself is open to whoever holds the secret URL.
 */

export { mayReadCohort as mayReadCohortEvents } from '../cohorts/index.ts';

export const mayManageCohortEvents = (caller: SignedInPerson, isCoachOfCohort: boolean) =>
  caller.isStaff && isCoachOfCohort;
