import { type Static, Type } from 'typebox';
import { DateOnly, Nullable, Timestamp } from './common.ts';

/*
 * Foundations: progress of learners on the public pre-course exercise site, keyed by GitHub id.
 *
 * GET /foundations[?learnerName=&lastAttempt=YYYY-MM-DD] → 200 FoundationsLearner[] (anyone).
 *   Staff get names and GitHub ids; everyone else gets initials and learner_github_id null.
 *   Without lastAttempt only exercises tried in the last 90 days are listed.
 * PUT /foundations/assigncohort {userId, cohortType, cohortNumber} → 204 (staff); 404 unknown learner
 * PUT /foundations/{slug} (the exercise site, `Authorization: Bearer <FOUNDATIONS_UPLOAD_SECRET>`)
 *   → 204; 401 wrong or missing secret; 503 when the server has no secret configured.
 */

export const FoundationsExercise = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  complete: Type.Boolean(),
  attempts: Type.Integer(),
  first_attempt: Nullable(Timestamp),
  last_attempt: Nullable(Timestamp),
  used_solution: Type.Boolean(),
});
export type FoundationsExercise = Static<typeof FoundationsExercise>;

export const FoundationsLearner = Type.Object({
  learner_name: Type.String(),
  /** null for callers who are not staff. */
  learner_github_id: Nullable(Type.String()),
  /** "Day 74", "Evening 19"; "day 0" or "Unassigned" when no cohort is assigned yet. */
  cohort: Type.String(),
  exercises: Type.Array(FoundationsExercise),
});
export type FoundationsLearner = Static<typeof FoundationsLearner>;
export const FoundationsList = Type.Array(FoundationsLearner);
export type FoundationsList = Static<typeof FoundationsList>;

export const FoundationsQuery = Type.Object({
  learnerName: Type.Optional(Type.String({ maxLength: 100 })),
  lastAttempt: Type.Optional(DateOnly),
});
export type FoundationsQuery = Static<typeof FoundationsQuery>;

const GithubId = Type.String({ pattern: '^[0-9]{1,20}$', description: 'GitHub numeric user id' });

export const AssignCohortBody = Type.Object({
  userId: GithubId,
  cohortType: Type.Union([Type.Literal('Day'), Type.Literal('Evening')]),
  cohortNumber: Type.Integer({ minimum: 1, maximum: 9999 }),
});
export type AssignCohortBody = Static<typeof AssignCohortBody>;

export const LearnerParams = Type.Object({ userId: GithubId });
export type LearnerParams = Static<typeof LearnerParams>;

export const UploadParams = Type.Object({
  slug: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,99}$' }),
});
export type UploadParams = Static<typeof UploadParams>;

/** An ISO 8601 instant, or empty/null for "not yet". */
const Instant = Type.Optional(Nullable(Type.String({ maxLength: 40 })));

export const UploadBody = Type.Object({
  userId: GithubId,
  username: Type.Optional(Type.String({ maxLength: 200 })),
  attempts: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  completed: Type.Optional(Type.Boolean()),
  title: Type.Optional(Type.String({ maxLength: 200 })),
  completedAt: Instant,
  firstAttempt: Instant,
  lastAttempt: Instant,
  completedCode: Type.Optional(Nullable(Type.String({ maxLength: 100000 }))),
  solutionShown: Type.Optional(Type.Boolean()),
});
export type UploadBody = Static<typeof UploadBody>;
