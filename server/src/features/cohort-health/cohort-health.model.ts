import type { HealthFlag, PaceHistory } from '@lp/contract/health';
import type { HealthSettings } from '../../config.ts';

// The pace model's rules: which numbers of a learner make a flag, and its reason in words. The
// numbers come from one statement per cohort (cohort-health.repository.ts).

export interface LearnerFigures {
  project: { name: string; days: number; history: PaceHistory } | null;
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

function paceFlag(
  kind: 'project_pace' | 'book_pace',
  stay: LearnerFigures['project'],
  minHistory: number,
): HealthFlag | null {
  if (!stay) return null;
  const { past_learners: past, median_days: middle, p80_days: p80 } = stay.history;
  // Too little history to judge: the catalogue has no planned durations to fall back on.
  if (past < minHistory || p80 === null || middle === null) return null;
  if (stay.days <= p80) return null;
  return {
    kind,
    value: stay.days,
    threshold: p80,
    reason:
      `${plural(stay.days, 'day')} on ${stay.name}; 80% of past learners finished it in ` +
      `${wholeDays(p80)} (median ${wholeDays(middle)}, ${plural(past, 'past learner')})`,
  };
}

/** The flags of one learner, in the order of HealthFlagKind. */
export function flagsOf(
  figures: LearnerFigures,
  cohortObjectivesMedian: number,
  settings: HealthSettings,
): HealthFlag[] {
  const flags: HealthFlag[] = [];
  const project = paceFlag('project_pace', figures.project, settings.minHistory);
  if (project) flags.push(project);
  const book = paceFlag('book_pace', figures.book, settings.minHistory);
  if (book) flags.push(book);

  const overdue = figures.reviewWaits.filter((wait) => wait.days >= settings.reviewWaitDays);
  const longest = Math.max(...overdue.map((wait) => wait.days));
  if (overdue.length > 0)
    flags.push({
      kind: 'review_waiting',
      value: longest,
      threshold: settings.reviewWaitDays,
      reason: overdue
        .map((wait) => `${wait.assessment} waiting for review for ${plural(wait.days, 'day')}`)
        .join('; '),
    });

  if (figures.daysInactive >= settings.inactiveDays)
    flags.push({
      kind: 'inactive',
      value: figures.daysInactive,
      threshold: settings.inactiveDays,
      reason: `No project move or self-assessment change for ${plural(figures.daysInactive, 'day')}`,
    });

  const behind = cohortObjectivesMedian - figures.objectivesAchieved;
  if (behind >= settings.objectivesBehind)
    flags.push({
      kind: 'objectives_behind',
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
      value: lowest.level,
      threshold: settings.coreSkillLevel,
      reason: `Core skills at or below ${settings.coreSkillLevel}: ${figures.lowSkills
        .map((skill) => `${skill.label} ${skill.level}`)
        .join(', ')}`,
    });

  if (figures.daysWithoutPush !== null && figures.daysWithoutPush >= settings.noPushDays)
    flags.push({
      kind: 'no_push',
      value: figures.daysWithoutPush,
      threshold: settings.noPushDays,
      reason: `Nothing pushed to GitHub for ${plural(figures.daysWithoutPush, 'day')}`,
    });

  if (figures.daysChecksFailing !== null && figures.daysChecksFailing >= settings.failingChecksDays)
    flags.push({
      kind: 'checks_failing',
      value: figures.daysChecksFailing,
      threshold: settings.failingChecksDays,
      reason: `Checks failing on GitHub for ${plural(figures.daysChecksFailing, 'day')}`,
    });
  return flags;
}
