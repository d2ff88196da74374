// The spec's labels and messages for learner records (instructor-side §2, §5, §8; client §8).

export const CLEAR_CONFIRMATION =
  'Are you sure you want erase all previous data about this student?';
export const DELETE_CONFIRMATION =
  'Are you sure you want to completely remove this student from the Learning Platform?';
export const CHOOSE_NOTE_TYPE = 'Please choose a note type.';
export const START_TRACKING = 'Start Tracking Core Skills';
export const INITIAL_CORE_SKILL_NOTE = 'Initial record';
export const OBJECTIVES_HEADING = 'Learning Objectives Remaining';
export const TRANSFER_TITLE = 'Choose Cohort';
export const TRANSFER_DESCRIPTION = 'Select the cohort to which the student is transferring.';
export const TRANSFERRED_TOAST = 'Student transferred';
export const NEW_TAG_PLACEHOLDER = 'New tag name';

export const ACTION_QUESTIONS = {
  clear: 'Has the student taken a leave of absence but not assigned to another cohort?',
  delete: 'Has the student completely withdrawn from the program?',
  transfer: 'Is the student being transferred to another cohort immediately?',
  passwordLink: 'Does the student need to set a password (a lost or expired link, or forgotten)?',
} as const;

/** Help tooltips of the core skills, by skill label. */
export const SKILL_HELP: Record<string, string> = {
  'Algorithmic Thinking':
    'Turning an analysed problem into an ordered series of basic, elementary operations.',
  'Analytical Thinking':
    'Logic-based decomposition of a problem into functional units, and spotting patterns.',
  Communication:
    'Clear technical and non-technical language, the right vocabulary, and knowing when and how to ask a senior for help.',
  'Learning Efficiency':
    'Using every resource: the debugger, dev tools, past solutions, documentation and web search.',
};
