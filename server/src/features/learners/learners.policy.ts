import { NOT_YOUR_PROFILE_MESSAGE } from '@lp/contract/learners';
import { forbidden } from '../../lib/http-errors.ts';
import { staffMayActOnLearner } from '../../lib/learner-access.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';

/*
 * Who may do what to a learner:
 * - read the learner's record and change their Slack id: the learner themself, or any staff member;
 * - feedback, transfer, clear, delete, history and undo: any staff member, whether or not they
 *   coach the learner's cohort (staffMayActOnLearner: coaches cover for each other). Never a learner.
 * The caller is checked before the learner is looked up, so a learner cannot probe other ids.
 */

export function assertMayView(caller: SignedInPerson, learnerId: number) {
  if (!staffMayActOnLearner(caller) && caller.id !== learnerId)
    throw forbidden(NOT_YOUR_PROFILE_MESSAGE);
}

export function assertMayUpdateProfile(caller: SignedInPerson, learnerId: number) {
  if (!staffMayActOnLearner(caller) && caller.id !== learnerId) throw forbidden();
}

export function assertMayManage(caller: SignedInPerson) {
  if (!staffMayActOnLearner(caller)) throw forbidden();
}
