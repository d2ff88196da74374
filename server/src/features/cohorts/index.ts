// What the rest of the server may use of this feature; its other files are private (biome.json).
export { mayReadCohort } from './cohort-access.ts';
export { becomeCoach } from './cohort-members.service.ts';
export { findCohort, lockCohort } from './cohorts.repository.ts';
export { cohortsRoutes } from './cohorts.routes.ts';
export {
  acceptInvitation,
  type EnrolResult,
  enrolLearner,
  findInvitedCohort,
  firstProjectOfCohort,
  INVALID_INVITATION,
} from './enrolment.ts';
export {
  currentLearnerCount,
  currentMembershipOf,
  currentMemberships,
  isCurrentMembership,
  isCurrentMembershipText,
  membershipHeldAt,
} from './membership.ts';
