import { INTERVENTION_KIND_LABELS } from '@lp/contract/constants';
import type {
  BookLoad,
  CohortHealth,
  HealthFlag,
  InterventionKind,
  InterventionOutcome,
  LearnerHealth,
  OutcomeCounts,
  PaceHistory,
} from '@lp/contract/health';
import type { HealthSettings } from '../../config.ts';
import { DAY_MS, isoTimestamp } from '../../lib/dates.ts';
import { parsedJson } from '../../lib/parsed-json.ts';
import { evidenceOf, flagsOf, levelOf, median } from './cohort-health.model.ts';
import type * as repo from './cohort-health.repository.ts';

// A report made from what the database said and the time now: every count of days is taken
// here, so the same facts give the right report on any later day.

type Learner = Omit<repo.LearnerRow, 'low_skills'> & {
  low_skills: Array<{ label: string; level: number }>;
};
type ReviewRow = Awaited<ReturnType<typeof repo.reviewQueue>>[number];
type BookRow = Awaited<ReturnType<typeof repo.cohortBooks>>[number];

/** A cohort's health as read from the database, before any day is counted. */
export interface CohortFacts {
  cohort: { id: number; name: string };
  learners: Learner[];
  /** Waiting self-assessments, oldest first. */
  queue: ReviewRow[];
  books: BookRow[];
}

/** How long past learners took, by project id and by book id. */
export interface PaceHistories {
  projects: ReadonlyMap<number, PaceHistory>;
  books: ReadonlyMap<number, PaceHistory>;
}

const OUTCOME_DAYS = [7, 14] as const;
const INTERVENTION_KINDS = Object.keys(INTERVENTION_KIND_LABELS) as InterventionKind[];

/** The outcome counts of some interventions at `now` (contract OutcomeCounts). */
function outcomeCounts(rows: readonly repo.OutcomeRow[], now: number): OutcomeCounts {
  const within = (row: repo.OutcomeRow, days: number) =>
    row.moved_at !== null && row.moved_at - row.created_at <= days * DAY_MS;
  return {
    judged: rows.filter((row) => within(row, 14) || now - row.created_at >= 14 * DAY_MS).length,
    within_7_days: rows.filter((row) => within(row, 7)).length,
    within_14_days: rows.filter((row) => within(row, 14)).length,
  };
}

/** What helped: for each kind of intervention, its outcomes in the cohort and in all cohorts. */
function whatHelped(
  outcomes: readonly repo.OutcomeRow[],
  cohortId: number,
  now: number,
): InterventionOutcome[] {
  return INTERVENTION_KINDS.map((kind) => {
    const ofKind = outcomes.filter((row) => row.kind === kind);
    return {
      kind,
      cohort: outcomeCounts(
        ofKind.filter((row) => row.cohort_id === cohortId),
        now,
      ),
      all_cohorts: outcomeCounts(ofKind, now),
    };
  });
}

/** When the rest after the learner's latest intervention ends; null without one. */
const restEnd = (row: Pick<Learner, 'reached_out_at'>, restDays: number) =>
  row.reached_out_at === null ? null : row.reached_out_at + restDays * DAY_MS;

/**
 * The learner's level, unless their flag rests: within the rest after an intervention, as long as
 * no strong reason appeared that they did not have then.
 */
function restingLevel(row: Learner, flags: HealthFlag[], settings: HealthSettings, now: number) {
  const level = levelOf(flags, settings);
  const ends = restEnd(row, settings.restDays);
  if (level === null || ends === null || now >= ends) return { level, restingUntil: null };
  const known = new Set(row.reached_out_reasons ?? []);
  const fresh = flags.some((flag) => flag.strength === 'strong' && !known.has(flag.kind));
  return fresh ? { level, restingUntil: null } : { level: null, restingUntil: ends };
}

/** Whole elapsed days (24 hours each) from an instant to now, as the statements used to count. */
const elapsedDays = (since: number, now: number) => Math.floor((now - since) / DAY_MS);

/** The first instant after `now` at which one of the report's day counts changes. */
export function figuresHoldUntil(
  facts: CohortFacts,
  now: number,
  restDays: number,
  outcomes: readonly repo.OutcomeRow[] = [],
): number {
  let until = Number.POSITIVE_INFINITY;
  const nextDay = (since: number | null) => {
    if (since !== null) until = Math.min(until, since + (elapsedDays(since, now) + 1) * DAY_MS);
  };
  for (const row of facts.learners) {
    nextDay(row.project_since);
    nextDay(row.book_since);
    nextDay(row.active_at);
  }
  for (const entry of facts.queue) nextDay(entry.since_ms);
  // An intervention's outcome is judged at 7 and 14 days.
  for (const row of outcomes)
    for (const days of OUTCOME_DAYS) {
      const at = row.created_at + days * DAY_MS;
      if (at > now) until = Math.min(until, at);
    }
  // A rest after an intervention ends at an instant of its own.
  for (const row of facts.learners) {
    const ends = restEnd(row, restDays);
    if (ends !== null && ends > now) until = Math.min(until, ends);
  }
  return until;
}

const NO_HISTORY: PaceHistory = { past_learners: 0, median_days: null, slow_days: null };

/**
 * The value at `fraction` of the days learners took, interpolated between neighbours as
 * PostgreSQL's percentile_cont does, from [days, learners] counts by days.
 */
export function percentileOfCounts(
  counts: readonly (readonly [number, number])[],
  fraction: number,
): number | null {
  const total = counts.reduce((sum, [, learners]) => sum + learners, 0);
  if (total === 0) return null;
  const valueAt = (rank: number) => {
    let seen = 0;
    for (const [days, learners] of counts) {
      seen += learners;
      if (rank < seen) return days;
    }
    return counts.at(-1)?.[0] ?? 0;
  };
  const position = fraction * (total - 1);
  const below = valueAt(Math.floor(position));
  return below + (position - Math.floor(position)) * (valueAt(Math.ceil(position)) - below);
}

/** How long past learners took on each project and book, from the counts by days. */
export function paceHistoriesOf(rows: repo.StayLengthRow[], percentile: number): PaceHistories {
  const projects = new Map<number, PaceHistory>();
  const books = new Map<number, PaceHistory>();
  for (const row of rows) {
    const counts = parsedJson(row.counts);
    (row.kind === 'project' ? projects : books).set(row.item_id, {
      past_learners: counts.reduce((sum, [, learners]) => sum + learners, 0),
      median_days: percentileOfCounts(counts, 0.5),
      slow_days: percentileOfCounts(counts, percentile / 100),
    });
  }
  return { projects, books };
}

const stayOf = (
  id: number | null,
  name: string | null,
  since: number | null,
  history: ReadonlyMap<number, PaceHistory>,
  now: number,
) =>
  id === null || name === null || since === null
    ? null
    : { id, name, days: elapsedDays(since, now), history: { ...(history.get(id) ?? NO_HISTORY) } };

/** Books of the cohort's courses with their learners today, then any other book a learner is in. */
function bookLoads(books: BookRow[], learners: Learner[]): BookLoad[] {
  const counts = new Map<number, number>();
  for (const row of learners)
    if (row.book_id !== null) counts.set(row.book_id, (counts.get(row.book_id) ?? 0) + 1);
  const loads = books.map((book) => ({ ...book, learners: counts.get(book.id) ?? 0 }));
  const listed = new Set(books.map((book) => book.id));
  return loads.concat(
    learners
      .filter((row) => row.book_id !== null && !listed.has(row.book_id) && listed.add(row.book_id))
      .map((row) => ({
        id: row.book_id as number,
        name: row.book_name as string,
        course_id: 0,
        index: 0,
        learners: counts.get(row.book_id as number) ?? 0,
      })),
  );
}

/** The report of a cohort at the instant `at`. */
export function reportOf(
  facts: CohortFacts,
  history: PaceHistories,
  settings: HealthSettings,
  at: Date,
  outcomes: readonly repo.OutcomeRow[] = [],
): CohortHealth {
  const now = at.getTime();
  const queue = facts.queue.map(({ since_ms, ...entry }) => ({
    ...entry,
    waiting_days: elapsedDays(since_ms, now),
  }));
  const objectivesMedian = median(facts.learners.map((row) => row.objectives_achieved));

  const learners: LearnerHealth[] = facts.learners.map((row) => {
    const project = stayOf(
      row.project_id,
      row.project_name,
      row.project_since,
      history.projects,
      now,
    );
    const book = stayOf(row.book_id, row.book_name, row.book_since, history.books, now);
    const daysInactive = elapsedDays(row.active_at, now);
    const flags = flagsOf(
      {
        project,
        ownProjectDays: row.own_project_days === null ? null : Number(row.own_project_days),
        book,
        daysInactive,
        objectivesAchieved: row.objectives_achieved,
        lowSkills: row.low_skills,
        daysWithoutPush: row.push_due_at === null ? null : elapsedDays(row.push_due_at, now),
        daysChecksFailing:
          row.checks_failing_since === null ? null : elapsedDays(row.checks_failing_since, now),
        reviewWaits: queue
          .filter((entry) => entry.student_id === row.id)
          .map((entry) => ({ assessment: entry.assessment, days: entry.waiting_days })),
      },
      objectivesMedian,
      settings,
    );
    const { level, restingUntil } = restingLevel(row, flags, settings, now);
    return {
      student_id: row.id,
      name: row.name,
      project,
      book,
      days_inactive: daysInactive,
      objectives_achieved: row.objectives_achieved,
      flags,
      evidence: evidenceOf(flags),
      level,
      reached_out:
        row.reached_out_at === null || row.reached_out_kind === null
          ? null
          : {
              at: isoTimestamp(new Date(row.reached_out_at)),
              kind: row.reached_out_kind,
              by: row.reached_out_by,
            },
      resting_until: restingUntil === null ? null : isoTimestamp(new Date(restingUntil)),
    };
  });

  const atRisk = learners
    .flatMap((learner) => (learner.level === null ? [] : [{ ...learner, level: learner.level }]))
    .sort(
      (a, b) =>
        Number(b.level === 'act_now') - Number(a.level === 'act_now') ||
        b.evidence - a.evidence ||
        a.name.localeCompare(b.name),
    )
    .map((learner) => ({
      student_id: learner.student_id,
      name: learner.name,
      level: learner.level,
      evidence: learner.evidence,
      reasons: [...learner.flags]
        .sort((a, b) => Number(b.strength === 'strong') - Number(a.strength === 'strong'))
        .map((flag) => flag.reason),
    }));

  return {
    cohort: { ...facts.cohort },
    generated_at: isoTimestamp(at),
    thresholds: {
      min_history: settings.minHistory,
      pace_percentile: settings.pacePercentile,
      act_now_evidence: settings.actNowEvidence,
      rest_days: settings.restDays,
      review_wait_days: settings.reviewWaitDays,
      inactive_days: settings.inactiveDays,
      objectives_behind: settings.objectivesBehind,
      core_skill_level: settings.coreSkillLevel,
      no_push_days: settings.noPushDays,
      failing_checks_days: settings.failingChecksDays,
    },
    objectives_median: objectivesMedian,
    at_risk: atRisk,
    review_queue: queue,
    books: bookLoads(facts.books, facts.learners),
    learners,
    what_helped: whatHelped(outcomes, facts.cohort.id, now),
  };
}
