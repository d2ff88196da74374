import { type Static, Type } from 'typebox';
import { DateOnly, Nullable, Timestamp } from './common.ts';

/*
 * A cohort's health: which current learners need attention, and why. Staff only.
 *
 * GET /cohorts/{id}/health → 200 CohortHealth with an ETag (If-None-Match: 304 while unchanged);
 *   400 bad id; 401 anonymous; 403 learners; 404 unknown cohort
 *
 * Every flag compares a number of the learner with a threshold (server settings, echoed in
 * `thresholds`) and says so in words. Days are whole elapsed days (24 hours each) up to now.
 * A flag is strong evidence or only supporting evidence (strength); a learner's evidence is 2 for
 * each strong flag and 1 for each supporting one. A learner is "act_now" (a marker on the board)
 * with a strong flag and evidence of at least `act_now_evidence`, "watch" (the health page only)
 * with a strong flag or two supporting ones, and neither on one supporting flag alone.
 * - project_pace: days on the current project above what `pace_percentile`% of past learners
 *   took on it (from each past assignment of the project to that learner's next assignment).
 *   The catalogue stores no planned duration, so a project with fewer than `min_history` past
 *   learners is not judged. Strong, unless the learner takes no longer than their own pace so far
 *   (1.5 times the median of their own finished projects, when they have two): then supporting.
 * - book_pace: the same for the current book (a stay in a book: from a move into it from another
 *   book to the next move into another book). Strong, but supporting beside a project_pace flag
 *   over as many days (the same stay, counted once).
 * - review_waiting: a self-assessment 'Ready for Review' for `review_wait_days` days or more.
 * - inactive: no project move and no self-assessment submitted or changed for `inactive_days`
 *   days or more (counted from joining the cohort when the learner has done neither).
 * - objectives_behind: achieved learning objectives `objectives_behind` or more below the median
 *   of the cohort's current learners. Supporting.
 * - core_skill: a core skill rated at or below `core_skill_level`. Supporting.
 * - no_push: nothing pushed for `no_push_days` days or more to the repository linked for the
 *   current project (counted from its link or the move to the project when it never had a push).
 * - checks_failing: the checks of that repository's latest pushed commit failing for
 *   `failing_checks_days` days or more.
 */

/** The kinds of flag, in the order a learner's flags are listed. */
export const HealthFlagKind = Type.Union([
  Type.Literal('project_pace'),
  Type.Literal('book_pace'),
  Type.Literal('review_waiting'),
  Type.Literal('inactive'),
  Type.Literal('objectives_behind'),
  Type.Literal('core_skill'),
  Type.Literal('no_push'),
  Type.Literal('checks_failing'),
]);
export type HealthFlagKind = Static<typeof HealthFlagKind>;

/** What staff did about a learner who needed attention (interventions.ts). */
export const InterventionKind = Type.Union([
  Type.Literal('message'),
  Type.Literal('one_to_one'),
  Type.Literal('pairing'),
  Type.Literal('plan'),
  Type.Literal('other'),
]);
export type InterventionKind = Static<typeof InterventionKind>;

/** How much a flag says alone: strong evidence, or only support for another reason. */
export const FlagStrength = Type.Union([Type.Literal('strong'), Type.Literal('supporting')]);
export type FlagStrength = Static<typeof FlagStrength>;

/** "act_now": a marker on the board; "watch": the health page only. */
export const AttentionLevel = Type.Union([Type.Literal('act_now'), Type.Literal('watch')]);
export type AttentionLevel = Static<typeof AttentionLevel>;

export const HealthFlag = Type.Object({
  kind: HealthFlagKind,
  strength: FlagStrength,
  /** The flag in words, with its numbers: '12 days on X; 80% of past learners finished it in 6'. */
  reason: Type.String(),
  /** The learner's number (days, objectives, level) … */
  value: Type.Number(),
  /** … and the number it was compared with (the percentile, the threshold, the median). */
  threshold: Type.Number(),
});
export type HealthFlag = Static<typeof HealthFlag>;

/** How long past learners took on a project or book; null figures when nobody finished it. */
export const PaceHistory = Type.Object({
  past_learners: Type.Integer(),
  median_days: Type.Union([Type.Number(), Type.Null()]),
  /** The days within which `pace_percentile`% of past learners finished. */
  slow_days: Type.Union([Type.Number(), Type.Null()]),
});
export type PaceHistory = Static<typeof PaceHistory>;

const Stay = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  days: Type.Integer(),
  history: PaceHistory,
});

/** Every current learner of the cohort, flagged or not: what a board marker needs per card. */
export const LearnerHealth = Type.Object({
  student_id: Type.Integer(),
  name: Type.String(),
  /** The current project: days on it and how long past learners took; null before any. */
  project: Type.Union([Stay, Type.Null()]),
  /** The current project's book, the same way. */
  book: Type.Union([Stay, Type.Null()]),
  days_inactive: Type.Integer(),
  objectives_achieved: Type.Integer(),
  flags: Type.Array(HealthFlag),
  /** 2 for each strong flag, 1 for each supporting one. */
  evidence: Type.Integer(),
  /** Null: no flag, or one supporting flag alone, or resting after an intervention. */
  level: Nullable(AttentionLevel),
  /** The latest intervention, when there is one. */
  reached_out: Nullable(
    Type.Object({
      at: Timestamp,
      kind: InterventionKind,
      by: Nullable(Type.String()),
    }),
  ),
  /**
   * Until when the learner's flag rests after an intervention (HEALTH_REST_DAYS): set while it
   * rests, null once it is over or a strong reason not known then appeared.
   */
  resting_until: Nullable(Timestamp),
});
export type LearnerHealth = Static<typeof LearnerHealth>;

export const AtRiskLearner = Type.Object({
  student_id: Type.Integer(),
  name: Type.String(),
  level: AttentionLevel,
  evidence: Type.Integer(),
  /** Strong reasons first. */
  reasons: Type.Array(Type.String()),
});
export type AtRiskLearner = Static<typeof AtRiskLearner>;

/** A self-assessment 'Ready for Review', oldest first. */
export const ReviewQueueEntry = Type.Object({
  student_id: Type.Integer(),
  name: Type.String(),
  /** The assessment's name. */
  assessment: Type.String(),
  assessment_id: Type.Integer(),
  /** When it became 'Ready for Review'. */
  since: Timestamp,
  waiting_days: Type.Integer(),
});
export type ReviewQueueEntry = Static<typeof ReviewQueueEntry>;

/** A book of the cohort's courses and how many current learners are in it today. */
export const BookLoad = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  course_id: Type.Integer(),
  index: Type.Integer(),
  learners: Type.Integer(),
});
export type BookLoad = Static<typeof BookLoad>;

export const HealthThresholds = Type.Object({
  /** Past learners a project or book needs before its pace is judged (HEALTH_MIN_HISTORY). */
  min_history: Type.Integer(),
  /** HEALTH_PACE_PERCENTILE */
  pace_percentile: Type.Integer(),
  /** HEALTH_ACT_NOW_EVIDENCE */
  act_now_evidence: Type.Integer(),
  /** HEALTH_REST_DAYS */
  rest_days: Type.Integer(),
  /** HEALTH_REVIEW_WAIT_DAYS */
  review_wait_days: Type.Integer(),
  /** HEALTH_INACTIVE_DAYS */
  inactive_days: Type.Integer(),
  /** HEALTH_OBJECTIVES_BEHIND */
  objectives_behind: Type.Integer(),
  /** HEALTH_CORE_SKILL_LEVEL */
  core_skill_level: Type.Integer(),
  /** HEALTH_NO_PUSH_DAYS */
  no_push_days: Type.Integer(),
  /** HEALTH_FAILING_CHECKS_DAYS */
  failing_checks_days: Type.Integer(),
});
export type HealthThresholds = Static<typeof HealthThresholds>;

/**
 * How many learners moved on after an intervention: their next project move, self-assessment
 * change or push came within 7 and within 14 days. `judged` counts the interventions at least
 * 14 days old, and younger ones whose learner moved on already.
 */
export const OutcomeCounts = Type.Object({
  judged: Type.Integer(),
  within_7_days: Type.Integer(),
  within_14_days: Type.Integer(),
});
export type OutcomeCounts = Static<typeof OutcomeCounts>;

export const InterventionOutcome = Type.Object({
  kind: InterventionKind,
  /** Interventions with learners of this cohort (their cohort when staff reached out). */
  cohort: OutcomeCounts,
  all_cohorts: OutcomeCounts,
});
export type InterventionOutcome = Static<typeof InterventionOutcome>;

export const CohortHealth = Type.Object({
  cohort: Type.Object({ id: Type.Integer(), name: Type.String() }),
  /** When the report was made; an unchanged report is answered again as it was (ETag). */
  generated_at: Timestamp,
  thresholds: HealthThresholds,
  /** Median achieved learning objectives of the cohort's current learners. */
  objectives_median: Type.Number(),
  /** Learners with a level: act_now first, then by evidence (most first), then by name. */
  at_risk: Type.Array(AtRiskLearner),
  review_queue: Type.Array(ReviewQueueEntry),
  /** Books in course order, then book order. */
  books: Type.Array(BookLoad),
  /** Every current learner, by name. */
  learners: Type.Array(LearnerHealth),
  /** What helped: each kind of intervention, in the order of InterventionKind. */
  what_helped: Type.Array(InterventionOutcome),
});
export type CohortHealth = Static<typeof CohortHealth>;

/*
 * A cohort's progress through the books over time, beside earlier cohorts of its courses. Staff
 * only.
 *
 * GET /cohorts/{id}/health/progress → 200 CohortProgress; 400 bad id; 401 anonymous; 403
 *   learners; 404 unknown cohort
 *
 * The books of the cohort's courses are numbered 1, 2, … in course then book order. At the end
 * of each week since the cohort's start, a learner stands at the number of the book of the
 * project they were on then (from the stored assignment history); a project outside these books,
 * or none yet, does not count. A cohort's learners are its members who had not left it by then.
 * Earlier cohorts are those that started before this one and share one of its courses; their
 * figure is the mean of each earlier cohort's own average, over the cohorts that had one that
 * week. Weeks run to the cohort's end date (at most 104); the week under way has the cohort's
 * figure as of now (earlier cohorts', at its end), and later weeks none.
 */

export const ProgressBook = Type.Object({
  /** 1 for the first book of the cohort's first course, and on. */
  position: Type.Integer(),
  id: Type.Integer(),
  name: Type.String(),
});
export type ProgressBook = Static<typeof ProgressBook>;

export const ProgressWeek = Type.Object({
  /** Whole weeks since the cohort's start: 1 is the end of its first week. */
  week: Type.Integer(),
  /** The day the week ends: the cohort's start date plus 7 × week days. */
  date: DateOnly,
  /** The cohort's average book number then; null before that day, or with nobody on a book. */
  average: Nullable(Type.Number()),
  /** How many of the cohort's learners were on one of its books then. */
  learners: Type.Integer(),
  /** The mean of earlier cohorts' averages at the same week; null without any. */
  earlier_average: Nullable(Type.Number()),
  /** How many earlier cohorts had an average at that week. */
  earlier_cohorts: Type.Integer(),
});
export type ProgressWeek = Static<typeof ProgressWeek>;

export const CohortProgress = Type.Object({
  cohort: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    start_date: DateOnly,
    end_date: DateOnly,
  }),
  books: Type.Array(ProgressBook),
  /** Earlier cohorts with a figure in at least one week. */
  earlier_cohorts: Type.Integer(),
  weeks: Type.Array(ProgressWeek),
});
export type CohortProgress = Static<typeof CohortProgress>;
