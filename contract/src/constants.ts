// Constants of the specification, shared by server and web.

export const ASSESSMENT_STATUS = {
  none: 0,
  inProgress: 1,
  readyForReview: 2,
  reviewedIncomplete: 3,
  reviewedComplete: 4,
} as const;

export const PROPOSAL_STATUS = { inReview: 1, requiresChanges: 2, approved: 3, mvp: 4 } as const;

export const DEFAULT_NOTE_TYPE_ID = 2;
export const ASSESSMENT_COLUMN_INDEX = 99;
export const CORE_SKILL_LEVEL = { min: 1, max: 10, initial: 1 } as const;
export const COHORT_PAGE_SIZE = 12;
export const DISPLAY_TIME_ZONE = 'America/Chicago';
export const FOUNDATIONS_EXERCISE_TOTAL = 49;

export const TOAST_DURATION = { short: 2000, normal: 4000, long: 8000 } as const;
export const TOAST_REMOVAL_MS = 300;
export const SHORTCUT_WINDOW_MS = 1000;
export const SINGLE_CLICK_DELAY_MS = 300;
export const OAUTH_REDIRECT_DELAY_MS = 1000;
export const VALIDATION_MESSAGE_MS = 3000;
export const UPCOMING_EVENTS_DAYS = 14;
export const UPCOMING_EVENTS_MAX = 5;
export const PROJECT_HEADER_CHARS = 14;

export const STORAGE_KEYS = {
  session: 'nss_token',
  settings: 'lp_settings',
  activeCohort: 'activeCohort',
  activeCourse: 'activeCourse',
  /** The board's width at the window's width last seen (use-element-width.ts). */
  boardWidth: 'lp_board_width',
} as const;

/** A web address as the API accepts it: http:// or https://, then no whitespace (source text). */
export const WEB_URL_PATTERN = '^https?://\\S+$';

/** Response header of an undoable change: its history entry's id (learners.ts). */
export const HISTORY_ID_HEADER = 'history-id';

/** The columns a roster CSV names in its first line (roster.ts). */
export const ROSTER_COLUMNS = ['First name', 'Last name', 'GitHub login', 'Email'] as const;

/** GitHub check states taken as failing, and as still running; any other finished state passes (github.ts). */
export const FAILING_CHECK_STATES = [
  'failure',
  'timed_out',
  'cancelled',
  'action_required',
  'startup_failure',
  'stale',
] as const;
export const RUNNING_CHECK_STATES = [
  'queued',
  'in_progress',
  'requested',
  'waiting',
  'pending',
] as const;
/** The board's "No push in N days" filter, at first (HEALTH_NO_PUSH_DAYS is the server's). */
export const DEFAULT_NO_PUSH_DAYS = 5;
/** How each kind of linked repository is named (github.ts RepositorySource). */
export const REPOSITORY_SOURCE_LABELS = {
  assessment: 'Self-assessment',
  team: 'Team',
  template: 'From the project template',
  learner: 'Linked by the learner',
  staff: 'Linked by staff',
} as const;

/** The longest note of an intervention ("I reached out"). */
export const INTERVENTION_NOTE_MAX = 500;

/** How each kind of intervention is named (interventions.ts InterventionKind). */
export const INTERVENTION_KIND_LABELS = {
  message: 'Message',
  one_to_one: 'One-to-one',
  pairing: 'Pairing',
  plan: 'Plan',
  other: 'Other',
} as const;

/** The longest an API token may live, in days (contract/api-tokens.ts). */
export const API_TOKEN_MAX_DAYS = 365;
/** How many of an API token's newest uses its uses list gives. */
export const API_TOKEN_USES_SHOWN = 50;
/** The password rules of password sign-in accounts: characters, inclusive (auth.ts NewPassword). */
export const PASSWORD_LENGTH = { min: 8, max: 200 } as const;
/** How long a one-time set-password link works after staff made it (accounts.ts). */
export const PASSWORD_LINK_DAYS = 7;
/** A user name as the API accepts it (source text; auth.ts Username). */
export const USERNAME_PATTERN = '^[A-Za-z0-9_.@+-]+$';
