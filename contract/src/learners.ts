import { type Static, type TSchema, Type } from 'typebox';
import { Nullable, Timestamp } from './common.ts';
import { HISTORY_ID_HEADER } from './constants.ts';

/*
 * One learner's record and the actions that move or remove them.
 *
 * Who may do what (server/src/features/learners/learners.policy.ts):
 * - staff (any staff member, coach of the learner's cohort or not: coaches cover for each other)
 *   may read and change every learner;
 * - a learner may read (GET) and update (PUT, their Slack id) only themself;
 * - everything else here is staff only.
 *
 * GET /students/{id} → 200 StudentDetail; 403 for another learner; 404 unknown (or not a learner).
 *   Instructor notes are not part of it: they are served by GET /notes (staff only).
 * PUT /students/{id} {slack_handle} → 204; 409 SLACK_ID_TAKEN_MESSAGE when the id is someone else's
 *   (a Slack member ID is personal, compared without case)
 * DELETE /students/{id}?soft=true → 200 ClearResult ("Clear Student Data": progress, tags and
 *   cohort memberships are removed; notes, 1:1 feedback and the account stay). Undoable. With
 *   nothing left to clear it answers so (history_id null) and writes nothing.
 * DELETE /students/{id} → 200 DeleteResult (the person and everything about them). Not undoable.
 * POST /students/{id}/transfer {cohortId} → 200 TransferResult. Ends the current membership and
 *   starts one in the target cohort; all progress stays. The learner gets the target cohort's
 *   first project only when none of their projects belongs to a course of that cohort.
 *   404 unknown cohort; 409 already in that cohort. Undoable.
 * GET /students/{id}/history → 200 HistoryItem[] (every undoable change, newest first: clears,
 *   transfers, and the board's changes: project moves, self-assessments started and their status
 *   changes, objectives
 *   achieved, capstone timeline steps, tags put on and taken off, notes added and removed)
 * POST /students/{id}/history/{historyId}/undo → 200 UndoResult; within UNDO_WINDOW_DAYS days,
 *   once; 409 when it is too late, already undone, or the learner changed since in a way the undo
 *   would overwrite (the message says which, e.g. the learner was moved again).
 *
 * Every undoable change answers with the header HISTORY_ID_HEADER: the id of its history entry,
 * so the toast that reports it can offer Undo (POST /students/{id}/history/{that id}/undo). The
 * answer's status and body stay those of the old contract.
 * POST /students/{id}/status {notes} → 201 (1:1 feedback, see notes.ts)
 *
 * Score (one definition, the same as the board's): the sum of the weights of the learning
 * objectives the learner has achieved (learning records with achieved = true); 0 when none.
 */

export const UNDO_WINDOW_DAYS = 30;

/** An undoable change's answer, documented with the header that names its history entry. */
export const undoable = <T extends TSchema>(answer: T): T => ({
  ...answer,
  headers: {
    [HISTORY_ID_HEADER]: {
      type: 'integer',
      description:
        'The history entry of the change (when it made one): POST /students/{id}/history/{entry}/undo undoes it.',
    },
  },
});
export const SLACK_ID_TAKEN_MESSAGE = 'That Slack member ID belongs to someone else.';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const StudentParams = Type.Object({ id: Id });
export type StudentParams = Static<typeof StudentParams>;
export const HistoryParams = Type.Object({ id: Id, historyId: Id });
export type HistoryParams = Static<typeof HistoryParams>;

export const LearnerRef = Type.Object({ id: Type.Integer(), name: Type.String() });
export type LearnerRef = Static<typeof LearnerRef>;
export const CohortRef = Type.Object({ id: Type.Integer(), name: Type.String() });
export type CohortRef = Static<typeof CohortRef>;

export const CohortMembership = Type.Object({
  cohort: CohortRef,
  /** ISO instants. */
  joined_at: Timestamp,
  left_at: Nullable(Timestamp),
});
export type CohortMembership = Static<typeof CohortMembership>;

export const DetailCoreSkill = Type.Object({
  id: Type.Integer(),
  skill: Type.Object({ id: Type.Integer(), label: Type.String() }),
  level: Type.Integer(),
});

export const DetailRecordEntry = Type.Object({
  id: Type.Integer(),
  note: Type.String(),
  recorded_on: Timestamp,
  instructor: Nullable(Type.String()),
});

export const DetailRecord = Type.Object({
  id: Type.Integer(),
  /** The objective's label. */
  objective: Type.String(),
  objective_id: Type.Integer(),
  weight: Type.Integer(),
  achieved: Type.Boolean(),
  entries: Type.Array(DetailRecordEntry),
});

export const DetailFeedback = Type.Object({
  id: Type.Integer(),
  notes: Type.String(),
  /** ISO instant. */
  session_date: Timestamp,
  author: Nullable(Type.String()),
});

export const StudentDetail = Type.Object({
  id: Type.Integer(),
  /** "First Last" */
  name: Type.String(),
  email: Type.String(),
  github_handle: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  slack_handle: Nullable(Type.String()),
  /** The current project, or {id: 0, name: 'Unassigned'}. */
  project: Type.Object({ id: Type.Integer(), name: Type.String() }),
  score: Type.Integer(),
  current_cohort: Nullable(CohortRef),
  /** Every cohort membership, the current one first. */
  cohorts: Type.Array(CohortMembership),
  /** Ordered by skill label. */
  core_skill_records: Type.Array(DetailCoreSkill),
  /** Not achieved first, then by objective tier. */
  records: Type.Array(DetailRecord),
  /** 1:1 feedback, newest first. */
  feedback: Type.Array(DetailFeedback),
  /** Capstone ids. */
  capstones: Type.Array(Type.Integer()),
});
export type StudentDetail = Static<typeof StudentDetail>;

export const UpdateStudentBody = Type.Object({
  slack_handle: Type.Optional(Nullable(Type.String({ maxLength: 55 }))),
});
export type UpdateStudentBody = Static<typeof UpdateStudentBody>;

export const DeleteStudentQuery = Type.Object({
  /** true: clear the learner's data (undoable); absent or false: delete the person. */
  soft: Type.Optional(Type.Boolean()),
});
export type DeleteStudentQuery = Static<typeof DeleteStudentQuery>;

const Count = Type.Integer({ minimum: 0 });

/** How many rows of each kind were removed. */
export const ClearedCounts = Type.Object({
  projects: Count,
  assessments: Count,
  learning_records: Count,
  learning_record_entries: Count,
  core_skill_records: Count,
  core_skill_record_entries: Count,
  capstones: Count,
  capstone_timelines: Count,
  tags: Count,
  cohort_memberships: Count,
});
export type ClearedCounts = Static<typeof ClearedCounts>;

export const ClearResult = Type.Object({
  message: Type.String(),
  learner: LearnerRef,
  /** The cohort the learner was in, or null. */
  left_cohort: Nullable(CohortRef),
  removed: ClearedCounts,
  /**
   * The history entry to undo it with (POST /students/{id}/history/{history_id}/undo); null when
   * there was nothing left to clear (nothing was changed and no history entry was written).
   */
  history_id: Nullable(Type.Integer()),
  /** ISO instant after which it can no longer be undone; null with history_id null. */
  undo_until: Nullable(Timestamp),
});
export type ClearResult = Static<typeof ClearResult>;

export const DeletedCounts = Type.Object({
  ...ClearedCounts.properties,
  notes: Count,
  feedback: Count,
});
export type DeletedCounts = Static<typeof DeletedCounts>;

export const DeleteResult = Type.Object({
  message: Type.String(),
  learner: LearnerRef,
  removed: DeletedCounts,
});
export type DeleteResult = Static<typeof DeleteResult>;

export const TransferBody = Type.Object({ cohortId: Id });
export type TransferBody = Static<typeof TransferBody>;

export const TransferResult = Type.Object({
  message: Type.String(),
  learner: LearnerRef,
  from: Nullable(CohortRef),
  to: CohortRef,
  /** The target cohort's first project, when the learner was given it. */
  assigned_project: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  history_id: Type.Integer(),
  undo_until: Timestamp,
});
export type TransferResult = Static<typeof TransferResult>;

export const HistoryAction = Type.Union([
  Type.Literal('clear'),
  Type.Literal('transfer'),
  /** Moved to a project (drag, keyboard or card menu). */
  Type.Literal('move'),
  /** A self-assessment started (e.g. a card dropped on the assessment column). */
  Type.Literal('start_assessment'),
  /** A self-assessment's status changed (with the objectives a review marked achieved). */
  Type.Literal('status'),
  /** A learning objective marked achieved. */
  Type.Literal('achieve'),
  /** A step on a capstone proposal's timeline (e.g. Approved, MVP). */
  Type.Literal('capstone_step'),
  /** A step taken back from a capstone proposal's timeline (e.g. an approval revoked). */
  Type.Literal('revoke_capstone_step'),
  /** A tag put on the learner; its undo takes it off again. */
  Type.Literal('tag'),
  Type.Literal('untag'),
  /** A core skill tracked from its first level, or rated at another level. */
  Type.Literal('start_core_skill'),
  Type.Literal('core_skill'),
  /** A note added to the learner; its undo removes it. */
  Type.Literal('add_note'),
  Type.Literal('remove_note'),
  /** A GitHub repository linked to the learner, or unlinked. */
  Type.Literal('link_repository'),
  Type.Literal('unlink_repository'),
  /** Staff reached out to a learner who needed attention (an intervention). */
  Type.Literal('reach_out'),
]);
export type HistoryAction = Static<typeof HistoryAction>;

export const HistoryItem = Type.Object({
  id: Type.Integer(),
  action: HistoryAction,
  /** One sentence, e.g. 'Transferred from Day Cohort 70 to Day Cohort 72'. */
  summary: Type.String(),
  /** Who did it ("First Last"), null when unknown. */
  actor: Nullable(Type.String()),
  /** ISO instants. */
  created_at: Timestamp,
  undo_until: Timestamp,
  undone_at: Nullable(Timestamp),
  /** Still within the window and not undone (the undo may yet meet a conflict). */
  can_undo: Type.Boolean(),
});
export type HistoryItem = Static<typeof HistoryItem>;
export const HistoryList = Type.Array(HistoryItem);
export type HistoryList = Static<typeof HistoryList>;

export const UndoResult = Type.Object({
  message: Type.String(),
  learner: LearnerRef,
  /** The cohort the learner is in after the undo. */
  current_cohort: Nullable(CohortRef),
});
export type UndoResult = Static<typeof UndoResult>;

export const STUDENT_NOT_FOUND_MESSAGE = 'That student does not exist.';
export const NOT_YOUR_PROFILE_MESSAGE = 'You are not authorized to view this student profile.';
