import { describe, expect, it } from 'vitest';
import {
  changeTeamCount,
  defaultTeamCount,
  emptyState,
  moveLearner,
  randomTeams,
  saveError,
  spreadIntoTeams,
  type TeamLearner,
  teamsByScore,
} from './team-builder.ts';

const learners = (n: number): TeamLearner[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Learner ${i + 1}`, score: i * 10 }));

describe('defaultTeamCount', () => {
  it('is the number of learners divided by 4, rounded up', () => {
    expect(defaultTeamCount(0)).toBe(0);
    expect(defaultTeamCount(1)).toBe(1);
    expect(defaultTeamCount(8)).toBe(2);
    expect(defaultTeamCount(9)).toBe(3);
    expect(defaultTeamCount(13)).toBe(4);
  });
});

describe('spreadIntoTeams / randomTeams', () => {
  it('spreads evenly, remainders to the first teams', () => {
    const sizes = spreadIntoTeams(learners(11), 3).map((t) => t.length);
    expect(sizes).toEqual([4, 4, 3]);
    expect(spreadIntoTeams(learners(10), 4).map((t) => t.length)).toEqual([3, 3, 2, 2]);
    expect(spreadIntoTeams(learners(2), 3).map((t) => t.length)).toEqual([1, 1, 0]);
    expect(spreadIntoTeams(learners(5), 0)).toEqual([]);
  });

  it('Random places everyone exactly once and empties the pool', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const state = randomTeams(learners(10), 3, random);
    expect(state.pool).toEqual([]);
    expect(state.teams.map((t) => t.length)).toEqual([4, 3, 3]);
    expect(
      state.teams
        .flat()
        .map((l) => l.id)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('by score puts the highest scores first', () => {
    const state = teamsByScore(learners(5), 2);
    expect(state.teams.map((t) => t.map((l) => l.score))).toEqual([
      [40, 30, 20],
      [10, 0],
    ]);
  });
});

describe('moving learners and changing the count', () => {
  it('moves a badge between teams without touching the pool, and back into the pool', () => {
    let state = emptyState(learners(3), 2);
    state = moveLearner(state, 1, { kind: 'team', index: 0 });
    state = moveLearner(state, 2, { kind: 'team', index: 0 });
    expect(state.pool.map((l) => l.id)).toEqual([3]);
    state = moveLearner(state, 1, { kind: 'team', index: 1 });
    expect(state.teams.map((t) => t.map((l) => l.id))).toEqual([[2], [1]]);
    expect(state.pool.map((l) => l.id)).toEqual([3]);
    state = moveLearner(state, 2, { kind: 'pool' });
    expect(state.pool.map((l) => l.id)).toEqual([3, 2]);
    expect(state.teams[0]).toEqual([]);
  });

  it('a smaller count gives the removed teams back to the pool', () => {
    const state = changeTeamCount(teamsByScore(learners(6), 3), 1);
    expect(state.teams).toHaveLength(1);
    expect(state.teams[0]?.map((l) => l.id)).toEqual([6, 5]);
    expect(state.pool.map((l) => l.id)).toEqual([4, 3, 2, 1]);
    expect(changeTeamCount(state, 3).teams.map((t) => t.length)).toEqual([2, 0, 0]);
  });
});

describe('saveError', () => {
  const team = learners(1);
  it('checks empty teams, then a zero count, then the prefix', () => {
    expect(saveError([team, []], '')).toBe('Error: One or more teams are empty');
    expect(saveError([], 'week1')).toBe('Error: Number of teams cannot be 0');
    expect(saveError([team], '  ')).toBe('Error: Please provide a Slack channel prefix');
    expect(saveError([team], 'week1')).toBeNull();
  });
});
