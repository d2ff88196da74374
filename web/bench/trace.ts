// npm run trace:web [-- --what cold|warm|drag|overlay|live] [--rounds 3] [--sampler] [--client <dir>]
//   [--out <dir>]
// Where the bench's time goes (issue 30): Chrome's timeline of what `npm run bench:web` measures,
// on the same server, data and board of 60 cards. For each round it writes a trace file (open it
// in Chrome DevTools' Performance panel or in Perfetto) and prints the page's main-thread tasks
// of 20 ms or more, each with what it spent its time on:
// - cold: a page load in a new browser context (empty cache, the stored session);
// - warm: a second page load in the same tab;
// - drag: the bench's drag of the first card across the board (interactions.ts);
// - overlay: the bench's opening of a learner overlay from the keyboard, the first in its page;
// - live: another instructor moves a learner (the bench's live change) and the card is marked.
// `--sampler` adds V8's sampler to the trace: each task's line is followed by the functions its
// samples were in most (self time), and the app's own functions they were in or under most (total
// time: which component or call the time went to); a build without minification, `npx vite build
// --minify false --outDir <dir>` with `--client <dir>`, names them. The app's marks (its first
// screen's code in, the board's cards in the document) follow each round's tasks.
// Timelines from a tracing browser run slower than the bench's figures; compare builds with each
// other (`--client`, as for the bench), not with the goals.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { prepareBuilds } from '../e2e/support/builds.ts';
import { paths } from '../e2e/support/paths.ts';
import { instrument } from './board-page.ts';
import { CARDS, openBoard, VIEWPORT } from './board-round.ts';
import {
  dragAcross,
  type InteractionSetup,
  instrumentInteractions,
  liveMove,
  openOverlay,
} from './interactions.ts';
import {
  appMarksOf,
  formatMarks,
  formatTask,
  longTasksOf,
  type TraceEvent,
} from './trace-summary.ts';

const { values: options } = parseArgs({
  options: {
    what: { type: 'string', default: 'cold' },
    rounds: { type: 'string', default: '3' },
    sampler: { type: 'boolean', default: false },
    client: { type: 'string' },
    out: { type: 'string' },
  },
});
const WHATS = ['cold', 'warm', 'drag', 'overlay', 'live'] as const;
type What = (typeof WHATS)[number];
const what = options.what as What;
if (!WHATS.includes(what)) throw new Error(`--what is one of ${WHATS.join(', ')}`);
const rounds = Number(options.rounds);
const MIN_TASK_MS = 20;
const START_MARK = 'trace-start';
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
  'loading',
  ...(options.sampler ? ['disabled-by-default-v8.cpu_profiler'] : []),
];

async function startTracing(cdp: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  const collect = (data: { value: object[] }) => events.push(...(data.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES } });
  return async () => {
    const complete = new Promise<void>((resolve) =>
      cdp.once('Tracing.tracingComplete', () => resolve()),
    );
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
    return events;
  };
}

async function showBoard(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(
    (cards) => document.querySelectorAll('.lp-card').length >= cards,
    CARDS,
  );
  await page.waitForLoadState('networkidle');
}

/** One round of `what` on a context of its own: the trace's events and the origin to time from. */
async function traceRound(
  context: BrowserContext,
  url: string,
  setup: InteractionSetup,
  round: number,
): Promise<{ events: TraceEvent[]; origin: string }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (what !== 'cold') await showBoard(page, url);
  const stop = await startTracing(cdp);
  const load = what === 'cold' || what === 'warm';
  if (load) await showBoard(page, url);
  else {
    await page.evaluate((mark) => performance.mark(mark), START_MARK);
    if (what === 'drag') await dragAcross(page);
    else if (what === 'overlay') await openOverlay(page, setup.opened);
    else await liveMove(page, setup, round);
  }
  const events = await stop();
  return { events, origin: load ? 'navigationStart' : START_MARK };
}

async function main() {
  const clientDir = options.client;
  if (!clientDir) await prepareBuilds();
  const chosen = options.out;
  if (chosen) await mkdir(chosen, { recursive: true });
  const out = chosen ?? (await mkdtemp(join(tmpdir(), 'lp-trace-')));
  const board = await openBoard(clientDir ?? paths.webDist, rounds + 1);
  const browser = await launchBrowser();
  try {
    console.log(`${what}: ${rounds} rounds, board of ${CARDS} cards; traces in ${out}`);
    for (let round = 1; round <= rounds; round++) {
      const context = await browser.browser.newContext({ viewport: VIEWPORT });
      try {
        await context.addInitScript(instrument, board.setup);
        await context.addInitScript(instrumentInteractions);
        const { events, origin } = await traceRound(context, `${board.url}/`, board.use, round);
        const file = join(out, `${what}-${round}.json`);
        await writeFile(file, JSON.stringify({ traceEvents: events }));
        console.log(
          `round ${round} (${file}), tasks of ${MIN_TASK_MS} ms or more after ${origin}:`,
        );
        for (const task of longTasksOf(events, origin, MIN_TASK_MS)) console.log(formatTask(task));
        console.log(formatMarks(appMarksOf(events, origin)));
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await board.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
