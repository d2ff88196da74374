import { type Static, Type } from 'typebox';
import { Nullable, Paginated, Timestamp } from './common.ts';
import { CardActivity } from './github.ts';

/*
 * The instructor board: GET /students and its variants, the board mutations
 * (POST /students/{id}/project, POST|PUT /students/{id}/assess) and the status lookups.
 *
 * Definitions the server uses (one place, reused by other features):
 * - current cohort of a learner: their cohort_memberships row with left_at IS NULL.
 * - current project: the learner's student_projects row with the latest assigned_at (then highest id).
 * - assessment_status_id: status of the learner's student-assessment for the current book's
 *   assessment; 0 when there is none (ASSESSMENT_STATUS.none).
 * - project_duration: whole calendar days (in the cohort's time zone) since the current project's
 *   assigned_at, or, when a student-assessment exists for the current book's assessment, since it
 *   was started (its created_at; a status change does not start the count again).
 * - score: the sum of learning_objectives.weight over the learner's learning_records with
 *   achieved = true (0 when none). No core-skill multiplier. The server exports this as the SQL
 *   fragments `learnerScoreSql`, `learnerScore` and `learnerScoreOf`
 * (server/src/features/board/learner-score.ts).
 */

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const BoardTag = Type.Object({
  /** The student-tag link id (what DELETE /studenttags/{id} takes). */
  id: Type.Integer(),
  /** The tag's name. */
  tag: Type.String(),
});
export type BoardTag = Static<typeof BoardTag>;

export const BoardProposal = Type.Object({
  /** Capstone id. */
  id: Type.Integer(),
  /** Latest timeline status text; null when the proposal has no timeline yet ("Submitted"). */
  status: Nullable(Type.String()),
  current_status_id: Nullable(Type.Integer()),
  proposal_url: Type.String(),
  /** ISO instant of the latest timeline entry, or null. */
  created_on: Nullable(Timestamp),
  course_name: Type.String(),
});
export type BoardProposal = Static<typeof BoardProposal>;

/** One learner card of GET /students?cohort={id}. Each active learner of the cohort appears once. */
export const BoardLearner = Type.Object({
  id: Type.Integer(),
  /** "First Last" */
  name: Type.String(),
  github_handle: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  current_cohort: Type.Object({ id: Type.Integer(), name: Type.String() }),
  /** 0 none, 1 In Progress, 2 Ready for Review, 3 Reviewed and Incomplete, 4 Reviewed and Complete. */
  assessment_status_id: Type.Integer({ minimum: 0, maximum: 4 }),
  assessment_url: Nullable(Type.String()),
  project_id: Nullable(Type.Integer()),
  project_index: Nullable(Type.Integer()),
  project_name: Nullable(Type.String()),
  /** Whole days (see the definitions above); null when the learner has no project. */
  project_duration: Nullable(Type.Integer()),
  book_id: Nullable(Type.Integer()),
  book_index: Nullable(Type.Integer()),
  book_name: Nullable(Type.String()),
  score: Type.Integer(),
  tags: Type.Array(BoardTag),
  proposals: Type.Array(BoardProposal),
  /** The learner's work on GitHub for their current project; null when no repository is linked. */
  activity: Nullable(CardActivity),
  /**
   * The card's version: changes whenever the learner's current project or the status of the
   * self-assessment the card shows changes (not with tags, notes or the score). Send it as
   * If-Match on the board's mutations so a change made since the board was drawn is not
   * overwritten (see CardConflict).
   */
  version: Type.String(),
});
export type BoardLearner = Static<typeof BoardLearner>;

/** Ordered by book index, then project index (nulls last), then name. */
export const BoardResponse = Type.Array(BoardLearner);
export type BoardResponse = Static<typeof BoardResponse>;

/**
 * GET /students query (staff only: any staff member, coach of the cohort or not; learners 403).
 * Exactly one variant applies, in this precedence:
 * lastname_like (≥ 2 chars) → cohort → q (> 2 chars). None → 400.
 * The board variant (cohort) answers with an ETag header (and Cache-Control: private, no-cache);
 * send it back as If-None-Match to get an empty 304 while nothing shown has changed.
 */
export const StudentsQuery = Type.Object({
  cohort: Type.Optional(Id),
  lastname_like: Type.Optional(Type.String({ minLength: 2, maxLength: 150 })),
  q: Type.Optional(Type.String({ minLength: 3, maxLength: 150 })),
});
export type StudentsQuery = Static<typeof StudentsQuery>;

/** GET /students?lastname_like= : learners without a current cohort whose last name contains the text. */
export const LearnerNameRef = Type.Object({ id: Type.Integer(), name: Type.String() });
export type LearnerNameRef = Static<typeof LearnerNameRef>;
export const LastnameLikeResponse = Type.Array(LearnerNameRef);
export type LastnameLikeResponse = Static<typeof LastnameLikeResponse>;

/** GET /students?q= (staff): learners whose name or a tag contains the text, case-insensitive. */
export const LearnerSearchResult = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  github_handle: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  current_cohort: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  tags: Type.Array(BoardTag),
});
export type LearnerSearchResult = Static<typeof LearnerSearchResult>;
export const LearnerSearchResponse = Type.Array(LearnerSearchResult);
export type LearnerSearchResponse = Static<typeof LearnerSearchResponse>;

/**
 * The board's mutations (POST /students/{id}/project, POST|PUT /students/{id}/assess) take an
 * optional `If-Match` header with the learner card's `version` (quoted as an entity tag or not;
 * `*` matches any). When the card has changed since, nothing is changed and the answer is 412
 * with the card as it is now and a sentence saying who changed what, e.g. 'Ada Coach moved Sam
 * Learner to Functionland since you loaded the board.' Without If-Match (scripts) nothing is
 * compared.
 */
export const CardConflict = Type.Object({
  message: Type.String(),
  current: Type.Object({
    version: Type.String(),
    project_id: Nullable(Type.Integer()),
    project_name: Nullable(Type.String()),
    /** As on the card: 0 when the current book's self-assessment has not been started. */
    assessment_status_id: Type.Integer({ minimum: 0, maximum: 4 }),
  }),
});
export type CardConflict = Static<typeof CardConflict>;
/** The headers the board's mutations read: If-Match, optional. */
export const CardIfMatch = Type.Object({
  'if-match': Type.Optional(Type.String({ maxLength: 200 })),
});

/**
 * POST /students/{id}/project → 201 {message: 'Success'}.
 * 409 when the learner already had that project: the message contains 'duplicate'
 * (the web shows 'Student has previously been assigned to that project.').
 */
export const AssignProjectBody = Type.Object({ projectId: Id });
export type AssignProjectBody = Static<typeof AssignProjectBody>;
export const DUPLICATE_PROJECT_MESSAGE =
  'duplicate: the student has previously been assigned to that project';

/**
 * POST /students/{id}/assess → 201 {message: 'Success', id, url}.
 * A learner starts only the self-assessment of the book of their current project: another book
 * → 403 notCurrentBookMessage(current book); no project → 403 NO_CURRENT_PROJECT_MESSAGE.
 * Staff may start any book's (the board's drop on the assessment column).
 * 404 {message: 'There is no assessment for this book.'}.
 * 409 {message: 'Conflict: {name} is already assigned to the {assessment} assessment'} with a
 * Location header `{API prefix}/assessments/{studentAssessmentId}` (GET it for the status).
 * When no repository can be made (e.g. GitHub is not configured) the row is created with url ''
 * and the message says why.
 */
export const StartAssessmentBody = Type.Object({ bookId: Id });
export type StartAssessmentBody = Static<typeof StartAssessmentBody>;
export const StartAssessmentResponse = Type.Object({
  message: Type.String(),
  /** The new student-assessment id. */
  id: Type.Integer(),
  /** The repository URL, '' when none will be created. */
  url: Type.String(),
  /** The job making the repository and telling Slack (GET /jobs/{id}), null when there is none. */
  job_id: Nullable(Type.Integer()),
  /** Whether Slack sends the learner the repository's link once it is made. */
  link_in_slack: Type.Boolean(),
});
export type StartAssessmentResponse = Static<typeof StartAssessmentResponse>;
export const NO_ASSESSMENT_FOR_BOOK_MESSAGE = 'There is no assessment for this book.';
export const NO_CURRENT_PROJECT_MESSAGE =
  'You can start a self-assessment once you have a current project: its book decides which one.';
export const notCurrentBookMessage = (currentBook: string) =>
  `You can only start the self-assessment of the book of your current project (${currentBook}).`;

/**
 * PUT /students/{id}/assess → 204. Changes the student-assessment the body names by
 * `studentAssessmentId` (the id the start answer and the profile's assessment_overview carry);
 * without it, the learner's most recently started one (the board's status menu).
 * The learner may set only their own to 2 (Ready for Review); 3 and 4 only staff.
 * 4 marks every objective of that assessment achieved, with an entry carrying instructorNotes.
 * The same status again changes nothing (204). Parallel requests change it once.
 * 400 {message: 'Students has no assessments assigned'} when none; 404 when the named one is not
 * this learner's; 409 ALREADY_REVIEWED_MESSAGE when a learner submits one already reviewed and
 * complete.
 */
export const UpdateAssessmentStatusBody = Type.Object({
  statusId: Type.Integer({ minimum: 1, maximum: 4 }),
  studentAssessmentId: Type.Optional(Id),
  instructorNotes: Type.Optional(Type.String({ maxLength: 10000 })),
});
export type UpdateAssessmentStatusBody = Static<typeof UpdateAssessmentStatusBody>;
export const NO_ASSESSMENTS_MESSAGE = 'Students has no assessments assigned';
export const ALREADY_REVIEWED_MESSAGE =
  'This self-assessment has already been reviewed and completed.';

/** GET /statuses and GET /proposalstatuses (signed-in). */
export const StatusItem = Type.Object({ id: Type.Integer(), status: Type.String() });
export type StatusItem = Static<typeof StatusItem>;
export const StatusList = Paginated(StatusItem);
export type StatusList = Static<typeof StatusList>;
