// What other features' tests may use: a cohort's health answer and progress answer built from a
// few facts.
import type {
  AttentionLevel,
  CohortHealth,
  CohortProgress,
  LearnerHealth,
} from '@lp/contract/health';

export interface LearnerFacts {
  id: number;
  name: string;
  /** One strong flag per reason (kinds do not matter to the screens). */
  reasons?: string[];
  /** Default: "act_now" with a reason, none without. */
  level?: AttentionLevel | null;
}

const learnerHealth = ({ id, name, reasons = [], level }: LearnerFacts): LearnerHealth => ({
  student_id: id,
  name,
  project: null,
  book: null,
  days_inactive: 0,
  objectives_achieved: 0,
  flags: reasons.map((reason) => ({
    kind: 'project_pace',
    strength: 'strong',
    reason,
    value: 1,
    threshold: 1,
  })),
  evidence: reasons.length * 2,
  level: level === undefined ? (reasons.length > 0 ? 'act_now' : null) : level,
  reached_out: null,
  resting_until: null,
});

export function cohortHealthOf(
  learners: LearnerFacts[],
  overrides: Partial<CohortHealth> = {},
): CohortHealth {
  const all = learners.map(learnerHealth);
  return {
    cohort: { id: 72, name: 'Day Cohort 72' },
    generated_at: '2026-03-02T15:00:00.000Z',
    thresholds: {
      min_history: 5,
      pace_percentile: 90,
      act_now_evidence: 4,
      rest_days: 7,
      review_wait_days: 3,
      inactive_days: 7,
      objectives_behind: 2,
      core_skill_level: 2,
      no_push_days: 5,
      failing_checks_days: 2,
    },
    objectives_median: 0,
    at_risk: all.flatMap((learner) =>
      learner.level === null
        ? []
        : [
            {
              student_id: learner.student_id,
              name: learner.name,
              level: learner.level,
              evidence: learner.evidence,
              reasons: learner.flags.map((flag) => flag.reason),
            },
          ],
    ),
    review_queue: [],
    books: [],
    learners: all,
    what_helped: [],
    ...overrides,
  };
}

export function cohortProgressOf(overrides: Partial<CohortProgress> = {}): CohortProgress {
  return {
    cohort: { id: 72, name: 'Day Cohort 72', start_date: '2026-01-05', end_date: '2026-01-26' },
    books: [
      { position: 1, id: 1, name: 'Book 1' },
      { position: 2, id: 2, name: 'Book 2' },
    ],
    earlier_cohorts: 1,
    weeks: [
      {
        week: 1,
        date: '2026-01-12',
        average: 1,
        learners: 2,
        earlier_average: 1.5,
        earlier_cohorts: 1,
      },
      {
        week: 2,
        date: '2026-01-19',
        average: 1.5,
        learners: 2,
        earlier_average: 2,
        earlier_cohorts: 1,
      },
      {
        week: 3,
        date: '2026-01-26',
        average: null,
        learners: 0,
        earlier_average: 2,
        earlier_cohorts: 1,
      },
    ],
    ...overrides,
  };
}
