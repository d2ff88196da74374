import { forbidden } from '../../lib/http-errors.ts';
import { staffMayActOnLearner } from '../../lib/learner-access.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';

/**
 * Learning records are kept by staff: any staff member may read and change the records of any
 * learner (see staffMayActOnLearner). Learners may not, not even their own (their score and
 * achievements reach them through other screens).
 */
export function assertMayUseRecords(caller: SignedInPerson) {
  if (!staffMayActOnLearner(caller)) throw forbidden();
}
