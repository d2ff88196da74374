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

export const boardMeasures: BoardMeasure[] = [
  { name: '60 cards visible, cold', of: (b) => b.cold.cardsMs, show: ms, goal: goals.coldMs },
  { name: '60 cards visible, warm', of: (b) => b.warm.cardsMs, show: ms, goal: goals.warmMs },
  {
    name: 'cards after the answer, cold',
    of: (b) => afterAnswer(b.cold),
    show: ms,
    goal: goals.afterAnswerMs,
    atMost: true,
  },
  {
    name: 'cards after the answer, warm',
    of: (b) => afterAnswer(b.warm),
    show: ms,
    goal: goals.afterAnswerMs,
    atMost: true,
  },
  {
    name: 'board ÷ plain page, cold',
    of: (b) => b.cold.cardsMs / b.floorCold.cardsMs,
    show: times,
    goal: goals.floorRatio,
    atMost: true,
  },
  {
    name: 'board ÷ plain page, warm',
    of: (b) => b.warm.cardsMs / b.floorWarm.cardsMs,
    show: times,
    goal: goals.floorRatio,
    atMost: true,
  },
  {
    name: 'longest task to board, cold',
    of: (b) => longest(b.cold.loadLongTasks),
    show: ms,
    goal: goals.longTaskMs,
    atMost: true,
  },
  {
    name: 'longest task to board, warm',
    of: (b) => longest(b.warm.loadLongTasks),
    show: ms,
    goal: goals.longTaskMs,
    atMost: true,
  },
  {
    name: 'longest task, drag 30 frames',
    of: (b) => longest(b.interactions.dragLongTasks),
    show: ms,
    goal: goals.longTaskMs,
    atMost: true,
  },
  {
    name: 'longest task, search 3 letters',
    of: (b) => longest(b.interactions.searchLongTasks),
    show: ms,
    goal: goals.longTaskMs,
    atMost: true,
  },
  {
    name: 'pointer down → drag overlay',
    of: (b) => b.interactions.pointerToOverlayMs,
    show: ms,
    goal: goals.pointerToOverlayMs,
    atMost: true,
  },
  {
    name: 'learner overlay after its data',
    of: (b) => b.interactions.overlayAfterDataMs,
    show: ms,
    goal: goals.overlayAfterDataMs,
    atMost: true,
  },
  {
    name: 'live change after its event',
    of: (b) => b.interactions.liveAfterEventMs,
    show: ms,
    goal: goals.liveAfterEventMs,
    atMost: true,
  },
];
