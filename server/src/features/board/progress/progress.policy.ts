import { ASSESSMENT_STATUS } from '@lp/contract/constants';
import type { SignedInPerson } from '../../../plugins/principal.ts';

/*
 * Who may change a learner's progress (the board's mutations):
 * - assign a project (POST /students/{id}/project): any staff member. Instructors are staff and
 *   staff manage every learner (design §5), so a coach of another cohort may too; learners never,
 *   not even for themselves (route access 'staff').
 * - start a self-assessment (POST /students/{id}/assess): the learner themself, or staff (the
 *   board's drop on the assessment column).
 * - change a self-assessment's status (PUT /students/{id}/assess): the learner themself only to
 *   'Ready for Review' (2); every status, including the reviews 3 and 4, by staff.
 */

export const mayStartAssessment = (caller: SignedInPerson, learnerId: number) =>
  caller.isStaff || caller.id === learnerId;

export const mayChangeAssessmentStatus = (
  caller: SignedInPerson,
  learnerId: number,
  statusId: number,
) => caller.isStaff || (caller.id === learnerId && statusId === ASSESSMENT_STATUS.readyForReview);
