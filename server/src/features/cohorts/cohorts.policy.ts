import type { SignedInPerson } from '../../plugins/principal.ts';

/** Who may do what to a cohort, in one place. */
export const cohortPolicy = {
  /** Staff see every cohort; a learner sees only their current cohort. */
  canRead(person: SignedInPerson, cohortId: number, currentCohortId: number | undefined) {
    return person.isStaff || currentCohortId === cohortId;
  },
  /** Creating, editing, links, membership, migration and secrets are staff work. */
  canManage(person: SignedInPerson) {
    return person.isStaff;
  },
  /** Secrets (the invitation and the calendar feed) are shown to staff only. */
  canSeeSecrets(person: SignedInPerson) {
    return person.isStaff;
  },
  /** Joining as an instructor: any staff member, for as many cohorts as they coach. */
  canCoach(person: SignedInPerson) {
    return person.isStaff;
  },
};
