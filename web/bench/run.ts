// npm run bench:web [-- --rounds 3]
// The web half of issue 12, in headless Chromium against a freshly started server (demo data on a
// new PGlite data folder, the built client; the client is built first when its sources changed):
// - the sign-in page's JavaScript and CSS as sent over the wire (compressed), summed from the
//   Chrome DevTools Protocol's Network.loadingFinished encodedDataLength;
// - the time from navigation to the 60 cards of the active demo cohort on the board (learners are
//   added through the API until it has 60, and deleted at the end), cold (a new browser context:
//   empty cache, the stored session of a signed-in instructor) and warm (a second navigation in
//   the same tab);
// - the work after the data is there (issue 30): the cards painted after the board's answer
//   arrived, and the board's time to its cards as a multiple of a plain page's, served by the
//   same server, that fetches the same answer and writes the cards as HTML (floor-page.ts);
// - long tasks (PerformanceObserver 'longtask') from navigation until the board is painted;
// - the board in use, on the warm page (interactions.ts): long tasks while a card is dragged
//   across the board for 30 frames and while three letters are typed in the learner search; the
//   drag overlay's first frame after pointer down; the learner overlay's record painted after its
//   answer; a change by another instructor painted after its live event arrives;
// - `npm start` to a healthy server: the first ever start on a new data folder and a restart on
//   it (start-up.ts), also as multiples of a bare Fastify app's start (bare-start.ts).
// One unmeasured visit first, then `rounds` rounds; one table with each goal, its figure (median
// round, with min/median/max) and PASS or FAIL.
// `--board-only` leaves the start-up out; `--client <dir>` measures another build of the client
// (e.g. one of an earlier commit, built with `npx vite build --outDir <dir>`) against the same
// server and data: before/after in the same conditions.
import type { Browser, Page } from 'playwright-core';
import { apiCaller, fillCohort, signInWithPassword } from '../e2e/support/api.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { prepareBuilds } from '../e2e/support/builds.ts';
import { type PageBytes, signInPageBytes } from '../e2e/support/page-bytes.ts';
import { paths } from '../e2e/support/paths.ts';
import { startServer } from '../e2e/support/start-server.ts';
import type { BoardLearner } from '../src/features/board/model/types.ts';
import { LOAD_MARKS } from '../src/lib/user-timing.ts';
import { bareStartMs } from './bare-start.ts';
import { type BoardMarks, instrument, type PageSetup, pageSetup } from './board-page.ts';
import { clientWithFloor, FLOOR_PATH } from './floor-page.ts';
import {
  type InteractionSetup,
  type Interactions,
  instrumentInteractions,
  interactionSetup,
  measureInteractions,
} from './interactions.ts';
import { measureStartUp, type StartUp } from './start-up.ts';

const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? undefined : process.argv[at + 1];
};
const rounds = Number(argument('rounds') ?? 3);
const clientDir = argument('client');
/** `--board-only`: without the `npm start` rounds (a quicker before/after of the client). */
const boardOnly = process.argv.includes('--board-only');
const CARDS = 60;
const VIEWPORT = { width: 1920, height: 1080 };
const log = (line: string) => console.log(line);

const goals = {
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

interface BoardVisit {
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

interface BoardRound {
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
async function boardRound(
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number) => `${Math.round(value)} ms`;
const times = (value: number) => `${value.toFixed(2)} ×`;
const longest = (tasks: number[]) => Math.max(0, ...tasks);
/** The work done after the data is there: the cards painted after the board's answer. */
const afterAnswer = (visit: BoardVisit) => visit.cardsMs - visit.boardAnswerMs;

interface Row {
  name: string;
  values: number[];
  show: (v: number) => string;
  goal: number;
  /** The goal is a ceiling the figure may reach (≤), not one it must stay under (<). */
  atMost?: boolean;
}

function printTable(bytes: PageBytes[], boards: BoardRound[], starts: StartUp[]) {
  const rows: Row[] = [
    {
      name: 'sign-in page JS, compressed',
      values: bytes.map((b) => b.js),
      show: kB,
      goal: goals.firstPageJs,
    },
    {
      name: 'sign-in page CSS, compressed',
      values: bytes.map((b) => b.css),
      show: kB,
      goal: goals.firstPageCss,
    },
    {
      name: '60 cards visible, cold',
      values: boards.map((b) => b.cold.cardsMs),
      show: ms,
      goal: goals.coldMs,
    },
    {
      name: '60 cards visible, warm',
      values: boards.map((b) => b.warm.cardsMs),
      show: ms,
      goal: goals.warmMs,
    },
    {
      name: 'cards after the answer, cold',
      values: boards.map((b) => afterAnswer(b.cold)),
      show: ms,
      goal: goals.afterAnswerMs,
      atMost: true,
    },
    {
      name: 'cards after the answer, warm',
      values: boards.map((b) => afterAnswer(b.warm)),
      show: ms,
      goal: goals.afterAnswerMs,
      atMost: true,
    },
    {
      name: 'board ÷ plain page, cold',
      values: boards.map((b) => b.cold.cardsMs / b.floorCold.cardsMs),
      show: times,
      goal: goals.floorRatio,
      atMost: true,
    },
    {
      name: 'board ÷ plain page, warm',
      values: boards.map((b) => b.warm.cardsMs / b.floorWarm.cardsMs),
      show: times,
      goal: goals.floorRatio,
      atMost: true,
    },
    {
      name: 'longest task to board, cold',
      values: boards.map((b) => longest(b.cold.loadLongTasks)),
      show: ms,
      goal: goals.longTaskMs,
      atMost: true,
    },
    {
      name: 'longest task to board, warm',
      values: boards.map((b) => longest(b.warm.loadLongTasks)),
      show: ms,
      goal: goals.longTaskMs,
      atMost: true,
    },
    {
      name: 'longest task, drag 30 frames',
      values: boards.map((b) => longest(b.interactions.dragLongTasks)),
      show: ms,
      goal: goals.longTaskMs,
      atMost: true,
    },
    {
      name: 'longest task, search 3 letters',
      values: boards.map((b) => longest(b.interactions.searchLongTasks)),
      show: ms,
      goal: goals.longTaskMs,
      atMost: true,
    },
    {
      name: 'pointer down → drag overlay',
      values: boards.map((b) => b.interactions.pointerToOverlayMs),
      show: ms,
      goal: goals.pointerToOverlayMs,
      atMost: true,
    },
    {
      name: 'learner overlay after its data',
      values: boards.map((b) => b.interactions.overlayAfterDataMs),
      show: ms,
      goal: goals.overlayAfterDataMs,
      atMost: true,
    },
    {
      name: 'live change after its event',
      values: boards.map((b) => b.interactions.liveAfterEventMs),
      show: ms,
      goal: goals.liveAfterEventMs,
      atMost: true,
    },
    {
      name: 'npm start, first ever start',
      values: starts.map((s) => s.firstMs),
      show: ms,
      goal: goals.firstStartMs,
    },
    {
      name: 'npm start, restart',
      values: starts.map((s) => s.restartMs),
      show: ms,
      goal: goals.restartMs,
    },
  ];
  log(
    [
      'measure'.padEnd(30),
      'median'.padStart(9),
      'min/median/max'.padStart(26),
      'goal'.padStart(10),
      '  result',
    ].join(' '),
  );
  let failures = 0;
  for (const row of rows) {
    if (row.values.length === 0) continue;
    const value = median(row.values);
    const ok = row.atMost ? value <= row.goal : value < row.goal;
    if (!ok) failures++;
    const spread = [...row.values]
      .sort((a, b) => a - b)
      .map((v) => row.show(v).replace(/ (ms|kB|×)$/, ''))
      .join('/');
    log(
      [
        row.name.padEnd(30),
        row.show(value).padStart(9),
        spread.padStart(26),
        `${row.atMost ? '≤' : '<'} ${row.show(row.goal)}`.padStart(10),
        `  ${ok ? 'PASS' : 'FAIL'}`,
      ].join(' '),
    );
  }
  log(failures === 0 ? 'all goals met' : `${failures} goal(s) not met`);
}

/**
 * Where the time after the board's answer goes, split at the app's marks (medians): the first
 * screen's code still loading when the answer came, the render up to the cards in the document,
 * and the frames that put them on screen.
 */
function printAfterAnswer(boards: BoardRound[]) {
  for (const kind of ['cold', 'warm'] as const) {
    // A client built before the marks has none (`--client`).
    const visits = boards.map((round) => round[kind]).filter((v) => !Number.isNaN(v.codeMs));
    if (visits.length === 0) continue;
    const loading = median(visits.map((v) => Math.max(0, v.codeMs - v.boardAnswerMs)));
    const rendering = median(
      visits.map((v) => v.inDocumentMs - Math.max(v.codeMs, v.boardAnswerMs)),
    );
    const painting = median(visits.map((v) => v.cardsMs - v.inDocumentMs));
    log(
      `cards after the answer, ${kind} (medians): code still loading ${ms(loading)}, ` +
        `rendering to the cards in the document ${ms(rendering)}, then on screen ${ms(painting)}`,
    );
  }
}

function printRounds(bytes: PageBytes[], boards: BoardRound[]) {
  for (const [i, round] of boards.entries()) {
    const page = bytes[i];
    if (page) {
      log(
        `round ${i + 1}: sign-in page ${page.files} JS/CSS files, ${kB(page.js)} JS + ` +
          `${kB(page.css)} CSS (${page.encodings.join(', ')})`,
      );
    }
    for (const [name, visit] of [
      ['cold', round.cold],
      ['warm', round.warm],
      ['plain page cold', round.floorCold],
      ['plain page warm', round.floorWarm],
    ] as const) {
      const all = visit.allLongTasks.map(Math.round);
      const steps = Number.isNaN(visit.codeMs)
        ? ''
        : `, its code in at ${ms(visit.codeMs)}, the cards in the document at ` +
          `${ms(visit.inDocumentMs)}`;
      log(
        `  ${name}: first API request at ${ms(visit.firstApiMs)}, board answer at ` +
          `${ms(visit.boardAnswerMs)}${steps}, 60 cards at ${ms(visit.cardsMs)}; long tasks ` +
          `since navigation: ${all.length ? all.join(' + ') : 'none'} ms`,
      );
    }
    const use = round.interactions;
    const tasks = (list: number[]) => (list.length ? list.map(Math.round).join(' + ') : 'none');
    log(
      `  in use: drag overlay ${ms(use.pointerToOverlayMs)} after pointer down, long tasks ` +
        `while dragging ${tasks(use.dragLongTasks)}, while typing ${tasks(use.searchLongTasks)}; ` +
        `learner overlay ${ms(use.overlayAfterDataMs)} after its data; live mark ` +
        `${ms(use.liveAfterEventMs)} after its event (long tasks ${tasks(use.liveLongTasks)})`,
    );
  }
}

async function main() {
  // The client and the compiled server, each rebuilt only when its sources changed.
  await prepareBuilds();
  log('starting the server (fresh PGlite data folder, demo data)…');
  const client = await clientWithFloor(clientDir ?? paths.webDist);
  const server = await startServer({ webDist: client.dir });
  const browser = await launchBrowser();
  const created: number[] = [];
  let call = apiCaller(server.url, '');
  let stopped = false;
  try {
    const token = await signInWithPassword(server.url, 'instructor');
    call = apiCaller(server.url, token);
    const profile = (await call<{ person: { active_cohort: number } }>('GET', '/profile')).body;
    const cohortId = profile.person.active_cohort;
    created.push(...(await fillCohort(call, cohortId, CARDS, `bench-web-${Date.now()}`)));
    const board = (await call<BoardLearner[]>('GET', `/students?cohort=${cohortId}`)).body;
    if (board.length !== CARDS)
      throw new Error(`The board has ${board.length} cards, not ${CARDS}`);
    log(
      `board: cohort ${cohortId}, ${CARDS} learners (${created.length} added); ` +
        `${VIEWPORT.width}×${VIEWPORT.height}; ${rounds} rounds after a warm-up visit` +
        (clientDir ? `; client from ${clientDir}` : ''),
    );
    const use = await interactionSetup(call, server.url, cohortId, board, created, rounds + 1);

    const setup = pageSetup({ profile, token }, cohortId, CARDS);
    await signInPageBytes(browser.browser, server.url);
    await boardRound(browser.browser, server.url, setup, use, 0);
    const bytes: PageBytes[] = [];
    const boards: BoardRound[] = [];
    for (let round = 0; round < rounds; round++) {
      bytes.push(await signInPageBytes(browser.browser, server.url));
      boards.push(await boardRound(browser.browser, server.url, setup, use, round + 1));
    }
    printRounds(bytes, boards);
    // With the board's server stopped, so that the starts have the machine to themselves.
    await browser.close();
    await server.stop();
    stopped = true;
    const starts: StartUp[] = [];
    const bare: number[] = [];
    for (let round = 0; round < (boardOnly ? 0 : rounds); round++) {
      starts.push(await measureStartUp());
      bare.push(await bareStartMs());
    }
    for (const [i, start] of starts.entries()) {
      log(
        `round ${i + 1}: npm start first ${ms(start.firstMs)}, restart ${ms(start.restartMs)}; ` +
          `a bare Fastify app ${ms(bare[i] ?? Number.NaN)}`,
      );
    }
    printTable(bytes, boards, starts);
    printAfterAnswer(boards);
    if (boardOnly) return;
    const bareMs = median(bare);
    log(
      `npm start as a multiple of a bare Fastify app's start (median ${ms(bareMs)}): first ` +
        `${times(median(starts.map((s) => s.firstMs)) / bareMs)}, restart ` +
        `${times(median(starts.map((s) => s.restartMs)) / bareMs)}`,
    );
  } finally {
    if (!stopped) {
      for (const id of created) await call('DELETE', `/students/${id}`);
      await browser.close();
      await server.stop();
    }
    await client.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
