import { forbidden } from '../../lib/http-errors.ts';
import { staffMayActOnLearner } from '../../lib/learner-access.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';

/**
 * Tags are a staff tool: any staff member may create and delete tags and put them on or take
 * them off any learner (see staffMayActOnLearner). Learners may not, not even on themselves.
 */
export function assertMayUseTags(caller: SignedInPerson) {
  if (!staffMayActOnLearner(caller)) throw forbidden();
}
