// The team builder's rules, free of React: default team count, filling teams (random or by
// score), moving a learner, and the checks before saving (spec §5, §9).

export interface TeamLearner {
  id: number;
  name: string;
  score: number;
}

/** Teams in order (team n = index n − 1) and the learners not placed yet. */
export interface BuilderState {
  teams: TeamLearner[][];
  pool: TeamLearner[];
}

/** Learners divided by 4, rounded up (spec §9). */
export const defaultTeamCount = (learners: number) => Math.ceil(learners / 4);

/** Highest score first; equal scores by name, so the order is the same on every screen. */
export const byScore = (learners: readonly TeamLearner[]) =>
  [...learners].sort((a, b) => b.score - a.score || a.name.localeCompare(b.name) || a.id - b.id);

/** Everyone in the pool, `count` empty teams. */
export const emptyState = (learners: readonly TeamLearner[], count: number): BuilderState => ({
  teams: Array.from({ length: Math.max(0, count) }, () => []),
  pool: byScore(learners),
});

/**
 * Fills `count` teams in order: base = floor(n / count) each, and the first n − base × count
 * teams get one more (remainders to the first teams).
 */
export function spreadIntoTeams(learners: readonly TeamLearner[], count: number): TeamLearner[][] {
  if (count <= 0) return [];
  const base = Math.floor(learners.length / count);
  const extra = learners.length - base * count;
  const teams: TeamLearner[][] = [];
  let next = 0;
  for (let team = 0; team < count; team += 1) {
    const size = base + (team < extra ? 1 : 0);
    teams.push(learners.slice(next, next + size));
    next += size;
  }
  return teams;
}

/** Fisher–Yates shuffle with an injectable random source (tests pass a fixed one). */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** Random: all learners shuffled, spread evenly; the pool is empty afterwards. */
export const randomTeams = (
  learners: readonly TeamLearner[],
  count: number,
  random: () => number = Math.random,
): BuilderState =>
  count <= 0
    ? emptyState(learners, 0)
    : { teams: spreadIntoTeams(shuffle(learners, random), count), pool: [] };

/** By score: highest scores first, spread the same way. */
export const teamsByScore = (learners: readonly TeamLearner[], count: number): BuilderState => ({
  teams: spreadIntoTeams(byScore(learners), count),
  pool: [],
});

/**
 * A new team count: teams beyond it give their learners back to the pool, new teams start
 * empty. Nobody disappears.
 */
export function changeTeamCount(state: BuilderState, count: number): BuilderState {
  const size = Math.max(0, count);
  const kept = state.teams.slice(0, size);
  const returned = state.teams.slice(size).flat();
  while (kept.length < size) kept.push([]);
  return { teams: kept, pool: byScore([...state.pool, ...returned]) };
}

/** Where a learner can be dropped: a team (0-based) or back into the pool. */
export type DropTarget = { kind: 'team'; index: number } | { kind: 'pool' };

/** Moves one learner from wherever they are to the target; an unknown learner changes nothing. */
export function moveLearner(
  state: BuilderState,
  learnerId: number,
  target: DropTarget,
): BuilderState {
  const learner =
    state.pool.find((l) => l.id === learnerId) ??
    state.teams.flat().find((l) => l.id === learnerId);
  if (!learner) return state;
  if (target.kind === 'team' && !state.teams[target.index]) return state;
  const teams = state.teams.map((team) => team.filter((l) => l.id !== learnerId));
  const pool = state.pool.filter((l) => l.id !== learnerId);
  if (target.kind === 'pool') return { teams, pool: byScore([...pool, learner]) };
  teams[target.index] = [...(teams[target.index] ?? []), learner];
  return { teams, pool };
}

/** The first rule a save breaks (spec §5, in this order), or null when the teams can be saved. */
export function saveError(teams: readonly TeamLearner[][], prefix: string): string | null {
  if (teams.some((team) => team.length === 0)) return 'Error: One or more teams are empty';
  if (teams.length === 0) return 'Error: Number of teams cannot be 0';
  if (!prefix.trim()) return 'Error: Please provide a Slack channel prefix';
  return null;
}
