import type { SignedInPerson } from '../../plugins/principal.ts';

/** Who may build teams. Teams create Slack channels and repositories, so staff only. */
export const teamPolicy = {
  canManage(person: SignedInPerson) {
    return person.isStaff;
  },
  /** A team member must be a current learner of the cohort or one of its coaches. */
  belongsToCohort(personId: number, learnerIds: Set<number>, coachIds: Set<number>) {
    return learnerIds.has(personId) || coachIds.has(personId);
  },
};
