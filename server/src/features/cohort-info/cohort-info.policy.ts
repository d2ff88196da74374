import type { SignedInPerson } from '../../plugins/principal.ts';

/** Staff read and edit every cohort's links; a learner reads their own cohort's. */
export const cohortInfoPolicy = {
  canRead(person: SignedInPerson, cohortId: number, currentCohortId: number | undefined) {
    return person.isStaff || currentCohortId === cohortId;
  },
  canEdit(person: SignedInPerson) {
    return person.isStaff;
  },
};
