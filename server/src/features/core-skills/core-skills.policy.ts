import { forbidden } from '../../lib/http-errors.ts';
import { staffMayActOnLearner } from '../../lib/learner-access.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';

/**
 * Core-skill ratings are given by staff: any staff member may read and rate any learner (see
 * staffMayActOnLearner). Learners may not, not even their own ratings.
 */
export function assertMayRateCoreSkills(caller: SignedInPerson) {
  if (!staffMayActOnLearner(caller)) throw forbidden();
}
