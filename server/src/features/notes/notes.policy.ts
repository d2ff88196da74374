import { forbidden } from '../../lib/http-errors.ts';
import { staffMayActOnLearner } from '../../lib/learner-access.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';

/**
 * Notes are for instructors and staff only: any staff member may read, add and delete the notes
 * of any learner (see staffMayActOnLearner); a learner never may, not even about themself.
 */
export function assertMayUseNotes(caller: SignedInPerson) {
  if (!staffMayActOnLearner(caller)) throw forbidden();
}
