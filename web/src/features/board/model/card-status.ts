// Card looks and menu choices by self-assessment status (spec §4): 0 none, 1 In Progress,
// 2 Ready for Review (pulsing), 3 Reviewed and Incomplete, 4 Reviewed and Complete.
import { ASSESSMENT_STATUS } from '@lp/contract/constants';

export type CardTone = 'none' | 'in-progress' | 'ready' | 'incomplete' | 'complete';

export interface CardStatus {
  tone: CardTone;
  /** Status name, '' for 0. */
  label: string;
  /** The 'Go to assessment repo' link shows for 2, 3 and 4. */
  showsAssessmentLink: boolean;
  /** The 'Book Assessment' part of the card menu shows once a self-assessment exists (1 and up). */
  showsAssessmentMenu: boolean;
}

const tones: Record<number, [CardTone, string]> = {
  [ASSESSMENT_STATUS.none]: ['none', ''],
  [ASSESSMENT_STATUS.inProgress]: ['in-progress', 'In Progress'],
  [ASSESSMENT_STATUS.readyForReview]: ['ready', 'Ready for Review'],
  [ASSESSMENT_STATUS.reviewedIncomplete]: ['incomplete', 'Reviewed and Incomplete'],
  [ASSESSMENT_STATUS.reviewedComplete]: ['complete', 'Reviewed and Complete'],
};

export function cardStatus(statusId: number): CardStatus {
  const [tone, label] = tones[statusId] ?? tones[ASSESSMENT_STATUS.none]!;
  return {
    tone,
    label,
    showsAssessmentLink: statusId >= ASSESSMENT_STATUS.readyForReview,
    showsAssessmentMenu: statusId >= ASSESSMENT_STATUS.inProgress,
  };
}

export interface StatusChoice {
  id: number;
  status: string;
  /** 'Reviewed and Complete' opens the evaluation dialog; the others are set directly. */
  needsEvaluation: boolean;
}

/**
 * The 'Book Assessment > Assessment status' items: the review statuses (2 and up). The spec lists
 * only those above 2; 'Ready for Review' is offered too so a coach can mark a learner's work ready
 * on their behalf (for example after a review in person).
 */
export function assessmentStatusChoices(
  statuses: readonly { id: number; status: string }[],
): StatusChoice[] {
  return statuses
    .filter((status) => status.id >= ASSESSMENT_STATUS.readyForReview)
    .sort((a, b) => a.id - b.id)
    .map((status) => ({
      ...status,
      needsEvaluation: status.id === ASSESSMENT_STATUS.reviewedComplete,
    }));
}
