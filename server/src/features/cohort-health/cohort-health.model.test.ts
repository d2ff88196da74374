import type { PaceHistory } from '@lp/contract/health';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { flagsOf, type LearnerFigures, levelOf } from './cohort-health.model.ts';

// Which flags are strong and which only support another, and when a learner is "act now",
// "watch" or neither: each rule just below and at its threshold, with the default settings
// (HEALTH_* in the README).

const settings = loadConfig({}).health;
const MEDIAN_OBJECTIVES = 10;

/** A learner with no flag: on time, active, on par, nothing waiting, pushing. */
const figures = (overrides: Partial<LearnerFigures> = {}): LearnerFigures => ({
  project: null,
  ownProjectDays: null,
  book: null,
  daysInactive: 0,
  objectivesAchieved: MEDIAN_OBJECTIVES,
  lowSkills: [],
  reviewWaits: [],
  daysWithoutPush: 1,
  daysChecksFailing: null,
  ...overrides,
});

const supporting = {
  objectivesBehind: { objectivesAchieved: MEDIAN_OBJECTIVES - settings.objectivesBehind },
  lowSkill: { lowSkills: [{ label: 'Communication', level: settings.coreSkillLevel }] },
};
const strong = {
  inactive: { daysInactive: settings.inactiveDays },
  noPush: { daysWithoutPush: settings.noPushDays },
};

const judged = (overrides: Partial<LearnerFigures>, options = settings) => {
  const flags = flagsOf(figures(overrides), MEDIAN_OBJECTIVES, options);
  return {
    kinds: flags.map((flag) => `${flag.kind}:${flag.strength}`),
    level: levelOf(flags, options),
  };
};

describe('how much a learner needs attention', () => {
  it('flags nobody on one supporting reason; two make "watch"', () => {
    expect(
      judged({ objectivesAchieved: MEDIAN_OBJECTIVES - settings.objectivesBehind + 1 }),
    ).toEqual({ kinds: [], level: null });
    expect(judged(supporting.objectivesBehind)).toEqual({
      kinds: ['objectives_behind:supporting'],
      level: null,
    });
    expect(judged({ ...supporting.objectivesBehind, ...supporting.lowSkill })).toEqual({
      kinds: ['objectives_behind:supporting', 'core_skill:supporting'],
      level: 'watch',
    });
  });

  it('watches a learner with one strong reason, and acts on them at the evidence setting', () => {
    expect(judged({ daysInactive: settings.inactiveDays - 1 }).level).toBeNull();
    expect(judged(strong.inactive)).toEqual({ kinds: ['inactive:strong'], level: 'watch' });
    // Evidence 3, just below the default 4.
    expect(judged({ ...strong.inactive, ...supporting.objectivesBehind }).level).toBe('watch');
    // Evidence 4: a strong reason and two supporting ones, or two strong ones.
    expect(
      judged({ ...strong.inactive, ...supporting.objectivesBehind, ...supporting.lowSkill }).level,
    ).toBe('act_now');
    expect(judged({ ...strong.inactive, ...strong.noPush })).toEqual({
      kinds: ['inactive:strong', 'no_push:strong'],
      level: 'act_now',
    });
  });

  it('follows HEALTH_ACT_NOW_EVIDENCE', () => {
    const stricter = { ...settings, actNowEvidence: 5 };
    expect(judged({ ...strong.inactive, ...strong.noPush }, stricter).level).toBe('watch');
    expect(
      judged({ ...strong.inactive, ...strong.noPush, ...supporting.lowSkill }, stricter).level,
    ).toBe('act_now');
  });

  it('never acts on supporting reasons alone, however many', () => {
    const many = { ...supporting.objectivesBehind, ...supporting.lowSkill };
    expect(judged(many, { ...settings, actNowEvidence: 2 }).level).toBe('watch');
  });
});

describe('pace', () => {
  const history: PaceHistory = { past_learners: 20, median_days: 5, slow_days: 8.3 };
  const on = (days: number) => ({ name: 'Mortgage Qualifiers', days, history });

  it(`flags days beyond the ${settings.pacePercentile}th percentile of past learners`, () => {
    // 8.3 days is "in 9": nine days on it is not beyond what the reason names.
    expect(judged({ project: on(9) }).kinds).toEqual([]);
    expect(flagsOf(figures({ project: on(10) }), MEDIAN_OBJECTIVES, settings)).toEqual([
      {
        kind: 'project_pace',
        strength: 'strong',
        value: 10,
        threshold: 8.3,
        reason: `10 days on Mortgage Qualifiers; ${settings.pacePercentile}% of past learners finished it in 9 (median 5, 20 past learners)`,
      },
    ]);
  });

  it('needs the set number of past learners', () => {
    const few = { ...history, past_learners: settings.minHistory - 1 };
    expect(judged({ project: { ...on(30), history: few } }).kinds).toEqual([]);
  });

  it('is only supporting while the learner takes no longer than their own pace so far', () => {
    // Their own projects took 8 days at the median: 12 days is 1.5 times that.
    expect(judged({ project: on(12), ownProjectDays: 8 })).toEqual({
      kinds: ['project_pace:supporting'],
      level: null,
    });
    expect(
      flagsOf(figures({ project: on(12), ownProjectDays: 8 }), MEDIAN_OBJECTIVES, settings)[0]
        ?.reason,
    ).toMatch(/; about their own pace \(median 8 days a project\)$/);
    expect(judged({ project: on(13), ownProjectDays: 8 })).toEqual({
      kinds: ['project_pace:strong'],
      level: 'watch',
    });
  });

  it("counts the book's pace once when it is the current project's stay", () => {
    const book = (days: number) => ({ name: 'Book 2', days, history });
    expect(judged({ project: on(10), book: book(10) }).kinds).toEqual([
      'project_pace:strong',
      'book_pace:supporting',
    ]);
    expect(judged({ project: on(10), book: book(20) })).toEqual({
      kinds: ['project_pace:strong', 'book_pace:strong'],
      level: 'act_now',
    });
  });
});
