// The bench's goals (issue 30) and the board's measures of a round, shared by the bench (run.ts)
// and the comparison of two builds (compare.ts).
import type { BoardRound, BoardVisit } from './board-round.ts';

export const goals = {
  firstPageJs: 150_000,
  firstPageCss: 25_000,
  coldMs: 600,
  warmMs: 300,
  longTaskMs: 50,
  afterAnswerMs: 100,
  pointerToOverlayMs: 50,
  overlayAfterDataMs: 100,
  liveAfterEventMs: 50,
  floorRatio: 2,
  firstStartMs: 5_000,
  restartMs: 1_500,
};

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const ms = (value: number) => `${Math.round(value)} ms`;
export const times = (value: number) => `${value.toFixed(2)} ×`;
const longest = (tasks: number[]) => Math.max(0, ...tasks);
/** The work done after the data is there: the cards painted after the board's answer. */
const afterAnswer = (visit: BoardVisit) => visit.cardsMs - visit.boardAnswerMs;

/** One of the board's measures: its figure in a round, how it reads, and its goal. */
export interface BoardMeasure {
  name: string;
  of: (round: BoardRound) => number;
  show: (value: number) => string;
  goal: number;
  /** The goal is a ceiling the figure may reach (≤), not one it must stay under (<). */
  atMost?: boolean;
}

/** A measure whose goal is a ceiling the figure may reach. */
const atMost = (
  name: string,
  goal: number,
  show: BoardMeasure['show'],
  of: BoardMeasure['of'],
): BoardMeasure => ({ name, of, show, goal, atMost: true });

export const boardMeasures: BoardMeasure[] = [
  { name: '60 cards visible, cold', of: (b) => b.cold.cardsMs, show: ms, goal: goals.coldMs },
  { name: '60 cards visible, warm', of: (b) => b.warm.cardsMs, show: ms, goal: goals.warmMs },
  atMost('cards after the answer, cold', goals.afterAnswerMs, ms, (b) => afterAnswer(b.cold)),
  atMost('cards after the answer, warm', goals.afterAnswerMs, ms, (b) => afterAnswer(b.warm)),
  atMost(
    'board ÷ plain page, cold',
    goals.floorRatio,
    times,
    (b) => b.cold.cardsMs / b.floorCold.cardsMs,
  ),
  atMost(
    'board ÷ plain page, warm',
    goals.floorRatio,
    times,
    (b) => b.warm.cardsMs / b.floorWarm.cardsMs,
  ),
  atMost('longest task to board, cold', goals.longTaskMs, ms, (b) => longest(b.cold.loadLongTasks)),
  atMost('longest task to board, warm', goals.longTaskMs, ms, (b) => longest(b.warm.loadLongTasks)),
  atMost('longest task, drag 30 frames', goals.longTaskMs, ms, (b) =>
    longest(b.interactions.dragLongTasks),
  ),
  atMost('longest task, search 3 letters', goals.longTaskMs, ms, (b) =>
    longest(b.interactions.searchLongTasks),
  ),
  atMost(
    'pointer down → drag overlay',
    goals.pointerToOverlayMs,
    ms,
    (b) => b.interactions.pointerToOverlayMs,
  ),
  atMost(
    'learner overlay after its data',
    goals.overlayAfterDataMs,
    ms,
    (b) => b.interactions.overlayAfterDataMs,
  ),
  atMost(
    'live change after its event',
    goals.liveAfterEventMs,
    ms,
    (b) => b.interactions.liveAfterEventMs,
  ),
];
