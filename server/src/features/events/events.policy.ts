import type { SignedInPerson } from '../../plugins/principal.ts';

/** Who may see and change a cohort's calendar. */
export const eventPolicy = {
  /** Staff and the cohort's own learners read its events. */
  canRead(person: SignedInPerson, cohortId: number, currentCohortId: number | undefined) {
    return person.isStaff || currentCohortId === cohortId;
  },
  /** Only an instructor (coach) of the cohort adds or deletes its events. */
  canManage(person: SignedInPerson, isCoachOfCohort: boolean) {
    return person.isStaff && isCoachOfCohort;
  },
  /** The subscription URL and its secret are staff business. */
  canManageFeed(person: SignedInPerson) {
    return person.isStaff;
  },
};
