import type { AttentionLevel, HealthFlag, PaceHistory } from '@lp/contract/health';
import type { HealthSettings } from '../../config.ts';

// The pace model's rules: which numbers of a learner make a flag, and its reason in words. The
// numbers come from one statement per cohort (cohort-health.repository.ts).

export interface LearnerFigures {
  project: { name: string; days: number; history: PaceHistory } | null;
  /** The median days of the learner's own finished projects (two or more), else null. */
  ownProjectDays: number | null;
  book: { name: string; days: number; history: PaceHistory } | null;
  daysInactive: number;
  objectivesAchieved: number;
  lowSkills: Array<{ label: string; level: number }>;
  /** Days each of the learner's self-assessments has waited for review. */
  reviewWaits: Array<{ assessment: string; days: number }>;
  /**
   * Days since the last push to the repository linked for the current project (since its link
   * or the move when it never had one); null without such a repository.
   */
  daysWithoutPush: number | null;
  /** Days the checks of that repository's latest pushed commit have failed; null when they do not. */
  daysChecksFailing: number | null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A figure in days as a reader says it: whole days, rounded up (5.2 days → 'in 6'). */
const wholeDays = (days: number) => Math.ceil(days - 1e-9);

/** The median of numbers; 0 for none. */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * A learner taking no longer on a project than this many times their own median is at their own
 * pace: slow beside past learners, but as they always are, which supports another reason only.
 */
const OWN_PACE_FACTOR = 1.5;

function paceFlag(
  kind: 'project_pace' | 'book_pace',
  stay: LearnerFigures['project'],
  settings: HealthSettings,
): HealthFlag | null {
  if (!stay) return null;
  const { past_learners: past, median_days: middle, slow_days: slow } = stay.history;
  // Too little history to judge: the catalogue has no planned durations to fall back on.
  if (past < settings.minHistory || slow === null || middle === null) return null;
  // Judged in the whole days the reason names: 9 days is not beyond "finished it in 9".
  if (stay.days <= wholeDays(slow)) return null;
  return {
    kind,
    strength: 'strong',
    value: stay.days,
    threshold: slow,
    reason:
      `${plural(stay.days, 'day')} on ${stay.name}; ${settings.pacePercentile}% of past learners ` +
      `finished it in ${wholeDays(slow)} (median ${wholeDays(middle)}, ${plural(past, 'past learner')})`,
  };
}

/** The project's pace flag, supporting only when the learner is at their own usual pace. */
function projectPaceFlag(figures: LearnerFigures, settings: HealthSettings): HealthFlag | null {
  const flag = paceFlag('project_pace', figures.project, settings);
  const own = figures.ownProjectDays;
  if (!flag || own === null || flag.value > own * OWN_PACE_FACTOR) return flag;
  return {
    ...flag,
    strength: 'supporting',
    reason: `${flag.reason}; about their own pace (median ${plural(wholeDays(own), 'day')} a project)`,
  };
}

/** The flags of one learner, in the order of HealthFlagKind. */
export function flagsOf(
  figures: LearnerFigures,
  cohortObjectivesMedian: number,
  settings: HealthSettings,
): HealthFlag[] {
  const flags: HealthFlag[] = [];
  const project = projectPaceFlag(figures, settings);
  if (project) flags.push(project);
  const book = paceFlag('book_pace', figures.book, settings);
  // The current project's days again when it is the book's first: the same stay, counted once.
  if (book && project && book.value <= project.value) book.strength = 'supporting';
  if (book) flags.push(book);

  const overdue = figures.reviewWaits.filter((wait) => wait.days >= settings.reviewWaitDays);
  const longest = Math.max(...overdue.map((wait) => wait.days));
  if (overdue.length > 0)
    flags.push({
      kind: 'review_waiting',
      strength: 'strong',
      value: longest,
      threshold: settings.reviewWaitDays,
      reason: overdue
        .map((wait) => `${wait.assessment} waiting for review for ${plural(wait.days, 'day')}`)
        .join('; '),
    });

  if (figures.daysInactive >= settings.inactiveDays)
    flags.push({
      kind: 'inactive',
      strength: 'strong',
      value: figures.daysInactive,
      threshold: settings.inactiveDays,
      reason: `No project move, self-assessment change or push for ${plural(figures.daysInactive, 'day')}`,
    });

  const behind = cohortObjectivesMedian - figures.objectivesAchieved;
  if (behind >= settings.objectivesBehind)
    flags.push({
      kind: 'objectives_behind',
      strength: 'supporting',
      value: figures.objectivesAchieved,
      threshold: cohortObjectivesMedian,
      reason:
        `${plural(figures.objectivesAchieved, 'learning objective')} achieved; ` +
        `the cohort's median is ${cohortObjectivesMedian}`,
    });

  const lowest = figures.lowSkills[0];
  if (lowest)
    flags.push({
      kind: 'core_skill',
      strength: 'supporting',
      value: lowest.level,
      threshold: settings.coreSkillLevel,
      reason: `Core skills at or below ${settings.coreSkillLevel}: ${figures.lowSkills
        .map((skill) => `${skill.label} ${skill.level}`)
        .join(', ')}`,
    });

  if (figures.daysWithoutPush !== null && figures.daysWithoutPush >= settings.noPushDays)
    flags.push({
      kind: 'no_push',
      strength: 'strong',
      value: figures.daysWithoutPush,
      threshold: settings.noPushDays,
      reason: `Nothing pushed to GitHub for ${plural(figures.daysWithoutPush, 'day')}`,
    });

  if (figures.daysChecksFailing !== null && figures.daysChecksFailing >= settings.failingChecksDays)
    flags.push({
      kind: 'checks_failing',
      strength: 'strong',
      value: figures.daysChecksFailing,
      threshold: settings.failingChecksDays,
      reason: `Checks failing on GitHub for ${plural(figures.daysChecksFailing, 'day')}`,
    });
  return flags;
}

/** 2 for each strong flag, 1 for each supporting one. */
export const evidenceOf = (flags: readonly HealthFlag[]) =>
  flags.reduce((sum, flag) => sum + (flag.strength === 'strong' ? 2 : 1), 0);

/**
 * "act_now" with a strong flag and evidence of at least `actNowEvidence`; "watch" with a strong
 * flag or two supporting ones; none on one supporting flag alone.
 */
export function levelOf(
  flags: readonly HealthFlag[],
  settings: HealthSettings,
): AttentionLevel | null {
  const strong = flags.some((flag) => flag.strength === 'strong');
  const evidence = evidenceOf(flags);
  if (strong && evidence >= settings.actNowEvidence) return 'act_now';
  if (strong || evidence >= 2) return 'watch';
  return null;
}
