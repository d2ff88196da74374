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
// server and data. To tell two builds apart, `npm run bench:web:compare -- <before> <after>`
// (compare.ts) measures both in alternate rounds of one run and compares round by round.
import { parseArgs } from 'node:util';
import { launchBrowser } from '../e2e/support/browser.ts';
import { prepareBuilds } from '../e2e/support/builds.ts';
import { type PageBytes, signInPageBytes } from '../e2e/support/page-bytes.ts';
import { paths } from '../e2e/support/paths.ts';
import { bareStartMs } from './bare-start.ts';
import { type BoardRound, boardRound, CARDS, openBoard, VIEWPORT } from './board-round.ts';
import { type BoardMeasure, boardMeasures, goals, kB, median, ms, times } from './measures.ts';
import { measureStartUp, type StartUp } from './start-up.ts';

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    client: { type: 'string' },
    /** Without the `npm start` rounds (a quicker before/after of the client). */
    'board-only': { type: 'boolean', default: false },
  },
});
const rounds = Number(options.rounds);
const clientDir = options.client;
const boardOnly = options['board-only'];
const log = (line: string) => console.log(line);

/** A line of the table: a measure as the board's are (measures.ts), with its rounds' figures. */
type Row = Omit<BoardMeasure, 'of'> & { values: number[] };

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
    ...boardMeasures.map((measure) => ({ ...measure, values: boards.map(measure.of) })),
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
  const board = await openBoard(clientDir ?? paths.webDist, rounds + 1);
  const browser = await launchBrowser();
  let closed = false;
  try {
    log(
      `board: cohort ${board.cohortId}, ${CARDS} learners (${board.added} added); ` +
        `${VIEWPORT.width}×${VIEWPORT.height}; ${rounds} rounds after a warm-up visit` +
        (clientDir ? `; client from ${clientDir}` : ''),
    );
    await signInPageBytes(browser.browser, board.url);
    await boardRound(browser.browser, board.url, board.setup, board.use, 0);
    const bytes: PageBytes[] = [];
    const boards: BoardRound[] = [];
    for (let round = 0; round < rounds; round++) {
      bytes.push(await signInPageBytes(browser.browser, board.url));
      boards.push(await boardRound(browser.browser, board.url, board.setup, board.use, round + 1));
    }
    printRounds(bytes, boards);
    // With the board's server stopped, so that the starts have the machine to themselves.
    await browser.close();
    await board.close();
    closed = true;
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
    if (!closed) {
      await browser.close();
      await board.close();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
