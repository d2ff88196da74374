import type { SignedInPerson } from '../../plugins/principal.ts';

/*
 * Who may do what to a learner:
 * - read the learner's record (403 with NOT_YOUR_PROFILE_MESSAGE otherwise) and change their
 *   Slack id: the learner themself, or any staff member;
 * - feedback, transfer, clear, delete, history and undo: any staff member, whether or not they
 *   coach the learner's cohort (coaches cover for each other). Never a learner: those routes are
 *   staff access, so no rule here.
 * The caller is checked before the learner is looked up, so a learner cannot probe other ids.
 */

export const mayViewLearner = (caller: SignedInPerson, learnerId: number) =>
  caller.isStaff || caller.id === learnerId;

export const mayUpdateLearnerProfile = (caller: SignedInPerson, learnerId: number) =>
  caller.isStaff || caller.id === learnerId;
