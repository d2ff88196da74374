/*
 * A cohort's links (cohort info):
 * - read: staff, or a learner of that cohort (mayReadCohort, the rule for everything a cohort
 *   owns);
 * - create and edit: staff, by the routes' staff access, so no rule here.
 */
export { mayReadCohort as mayReadCohortInfo } from '../cohorts/index.ts';
