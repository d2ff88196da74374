// One round of the board as `npm run bench:web` measures it (run.ts), and the board it measures:
// a server of its own (a fresh PGlite data folder, demo data, the active cohort filled to 60
// learners through the API) serving a build of the client with the plain page beside it.
import type { Browser, Page } from 'playwright-core';
import { apiCaller, fillCohort, signInWithPassword } from '../e2e/support/api.ts';
import { startServer } from '../e2e/support/start-server.ts';
import type { BoardLearner } from '../src/features/board/model/types.ts';
import { LOAD_MARKS } from '../src/lib/user-timing.ts';
import { type BoardMarks, instrument, type PageSetup, pageSetup } from './board-page.ts';
import { clientWithFloor, FLOOR_PATH } from './floor-page.ts';
import {
  type InteractionSetup,
  type Interactions,
  instrumentInteractions,
  interactionSetup,
  measureInteractions,
} from './interactions.ts';

export const CARDS = 60;
export const VIEWPORT = { width: 1920, height: 1080 };

export interface BoardVisit {
  cardsMs: number;
  /** When the first API request started, ms since navigation. */
  firstApiMs: number;
  /** When the board's answer had arrived, ms since navigation. */
  boardAnswerMs: number;
  /** The app's marks (lib/user-timing.ts): its first screen's code in, its cards in the document. */
  codeMs: number;
  inDocumentMs: number;
  /** Long tasks that began before the frame that showed the cards (since navigation). */
  loadLongTasks: number[];
  /** Every long task since navigation. */
  allLongTasks: number[];
}

/** Navigates to a page of cards and waits until all are on screen and the page is settled. */
async function visitBoard(page: Page, url: string): Promise<BoardVisit> {
  await page.goto(url);
  await page.waitForFunction(
    () => (window as unknown as { boardBench: BoardMarks }).boardBench.cardsAt >= 0,
    undefined,
    { timeout: 120_000 },
  );
  await page.waitForLoadState('networkidle');
  // Two frames more, for the last long task's entry to be delivered.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  return page.evaluate((loadMarks) => {
    const marks = (window as unknown as { boardBench: BoardMarks }).boardBench;
    const api = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
      .map((entry) => entry as PerformanceResourceTiming);
    const board = api.find((entry) => /\/api\/students\?cohort=/.test(entry.name));
    const boardAnswerMs = board?.responseEnd ?? 0;
    // Inline: a named function here would not survive the bench's transpiling into the page.
    const [code] = performance.getEntriesByName(loadMarks.firstScreenCode, 'mark');
    const [inDocument] = performance.getEntriesByName(loadMarks.boardCards, 'mark');
    return {
      cardsMs: marks.cardsAt,
      firstApiMs: Math.min(...api.map((entry) => entry.startTime)),
      boardAnswerMs,
      codeMs: code?.startTime ?? Number.NaN,
      inDocumentMs: inDocument?.startTime ?? Number.NaN,
      loadLongTasks: marks.longTasks
        .filter((task) => task.start < marks.cardsAt)
        .map((task) => task.duration),
      allLongTasks: marks.longTasks.map((task) => task.duration),
    };
  }, LOAD_MARKS);
}

export interface BoardRound {
  cold: BoardVisit;
  warm: BoardVisit;
  /** On the warm page, once it is settled. */
  interactions: Interactions;
  /** The plain page of the same cards (floor-page.ts), in a context of its own. */
  floorCold: BoardVisit;
  floorWarm: BoardVisit;
}

/**
 * A new context (empty cache) with the stored session: a cold visit of `url`, then a warm one,
 * then `onWarm` on the warm page.
 */
async function coldAndWarm<T>(
  browser: Browser,
  url: string,
  setup: PageSetup,
  onWarm: (page: Page) => Promise<T>,
): Promise<[BoardVisit, BoardVisit, T]> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    await context.addInitScript(instrument, setup);
    await context.addInitScript(instrumentInteractions);
    const page = await context.newPage();
    const cold = await visitBoard(page, url);
    const warm = await visitBoard(page, url);
    return [cold, warm, await onWarm(page)];
  } finally {
    await context.close();
  }
}

/** The board cold and warm, then in use, then the floor page cold and warm. */
export async function boardRound(
  browser: Browser,
  baseUrl: string,
  setup: PageSetup,
  use: InteractionSetup,
  round: number,
): Promise<BoardRound> {
  const [cold, warm, interactions] = await coldAndWarm(browser, `${baseUrl}/`, setup, (page) =>
    measureInteractions(page, use, round),
  );
  const [floorCold, floorWarm] = await coldAndWarm(
    browser,
    `${baseUrl}${FLOOR_PATH}`,
    setup,
    async () => {},
  );
  return { cold, warm, interactions, floorCold, floorWarm };
}

/** A board to measure: its server, the page setup of its signed-in instructor and its cohort. */
export interface Board {
  url: string;
  setup: PageSetup;
  use: InteractionSetup;
  cohortId: number;
  /** The learners the bench added. */
  added: number;
  /** Stops the server (its data goes with it) and removes the client's copy. */
  close: () => Promise<void>;
}

/**
 * A server of its own for the client built in `webDist`, with its active cohort filled to 60
 * learners; `visits` rounds' worth of learners for another instructor to move (interactions.ts).
 */
export async function openBoard(webDist: string, visits: number): Promise<Board> {
  const client = await clientWithFloor(webDist);
  const server = await startServer({ webDist: client.dir });
  // The server's data folder goes with it, the learners the bench added too.
  const close = async () => {
    await server.stop();
    await client.remove();
  };
  try {
    const token = await signInWithPassword(server.url, 'instructor');
    const call = apiCaller(server.url, token);
    const profile = (await call<{ person: { active_cohort: number } }>('GET', '/profile')).body;
    const cohortId = profile.person.active_cohort;
    // The same names on every server: two boards compared lay out the same text.
    const created = await fillCohort(call, cohortId, CARDS, 'bench-web');
    const board = (await call<BoardLearner[]>('GET', `/students?cohort=${cohortId}`)).body;
    if (board.length !== CARDS)
      throw new Error(`The board has ${board.length} cards, not ${CARDS}`);
    const use = await interactionSetup(call, server.url, cohortId, board, created, visits);
    const setup = pageSetup({ profile, token }, cohortId, CARDS);
    return { url: server.url, setup, use, cohortId, added: created.length, close };
  } catch (error) {
    await close();
    throw error;
  }
}
