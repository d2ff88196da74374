// The board in use (issue 30), on the warm page once it is settled: a card dragged with the
// pointer across the board for 30 frames, three letters typed in the learner search, a learner's
// overlay opened, and a change by another instructor arriving on the live stream. Each measures
// what the user waits for after the browser has what it needs: the frame that shows the drag
// overlay after the pointer went down, the overlay's record after its answer, the card's mark
// after the live event; and the long tasks meanwhile.
//
// Functions run in the page are serialised: they define no named function of their own (tsx
// wraps those in a helper the page does not have).
import type { Page } from 'playwright-core';
import { type ApiCall, apiCaller, signInWithPassword } from '../e2e/support/api.ts';
import { boardCard } from '../e2e/support/board.ts';
import { learnerFilter } from '../src/features/board/model/search.ts';
import type { BoardLearner } from '../src/features/board/model/types.ts';

/** What the page records for the interactions (its clock: ms since navigation). */
interface InteractionMarks {
  pointerDownAt: number;
  /** The frame after the one in which each watched element first showed (see `watchPaint`). */
  painted: Record<string, number>;
  liveOpen: boolean;
  /** Each live change event as it arrived, before the app's own listener ran. */
  changes: { learnerId: number | null; at: number }[];
  longTasks: { start: number; duration: number }[];
}

export interface Interactions {
  pointerToOverlayMs: number;
  dragLongTasks: number[];
  searchLongTasks: number[];
  /** The learner overlay's record painted after both its answer and the key that opened it. */
  overlayAfterDataMs: number;
  /** The card's mark painted after the change event arrived. */
  liveAfterEventMs: number;
  liveLongTasks: number[];
}

/** Runs in the page before its scripts, on every navigation (after the bench's `instrument`). */
export function instrumentInteractions() {
  const marks: InteractionMarks = {
    pointerDownAt: -1,
    painted: {},
    liveOpen: false,
    changes: [],
    longTasks: [],
  };
  Object.assign(window, { interactionBench: marks });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      marks.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener(
    'pointerdown',
    (event) => {
      marks.pointerDownAt = event.timeStamp;
    },
    { capture: true },
  );
  const Native = window.EventSource;
  window.EventSource = new Proxy(Native, {
    construct(target, args: ConstructorParameters<typeof EventSource>) {
      const source = new target(...args);
      source.addEventListener('open', () => {
        marks.liveOpen = true;
      });
      source.addEventListener('change', (event) => {
        const change = JSON.parse((event as MessageEvent<string>).data) as {
          student_id?: number | null;
        };
        marks.changes.push({ learnerId: change.student_id ?? null, at: performance.now() });
      });
      return source;
    },
  });
}

/**
 * From now on, records under `name` the frame after the one in which an element matching
 * `selector` (and containing `text`, when given) first showed: painted by the time a message sent
 * from its animation frame callback arrives.
 */
function watchPaint(page: Page, name: string, selector: string, text = '') {
  return page.evaluate(
    ({ name, selector, text }) => {
      const marks = (window as unknown as { interactionBench: InteractionMarks }).interactionBench;
      delete marks.painted[name];
      const observer = new MutationObserver(() => {
        const found = [...document.querySelectorAll(selector)].some((element) =>
          (element.textContent ?? '').includes(text),
        );
        if (!found) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            marks.painted[name] = performance.now();
          };
          channel.port2.postMessage(null);
        });
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    },
    { name, selector, text },
  );
}

const paintedAt = (page: Page, name: string) =>
  page
    .waitForFunction(
      (name) =>
        (window as unknown as { interactionBench: InteractionMarks }).interactionBench.painted[
          name
        ],
      name,
      { timeout: 30_000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>);

const now = (page: Page) => page.evaluate(() => performance.now());
const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

/** The long tasks that ran (at least in part) between `from` and `to`, by the page's clock. */
async function longTasksBetween(page: Page, from: number, to: number) {
  // Two frames more, for the last long task's entry to be delivered.
  await nextFrame(page);
  await nextFrame(page);
  const tasks = await page.evaluate(
    () => (window as unknown as { interactionBench: InteractionMarks }).interactionBench.longTasks,
  );
  return tasks
    .filter((task) => task.start < to && task.start + task.duration > from)
    .map((task) => task.duration);
}

/**
 * Pointer down on the board's first card, a small move that starts the drag (dnd-kit's sensor
 * needs 6 px), then 30 frames of moving across the board, one step a frame; Escape puts it back.
 */
export async function dragAcross(page: Page) {
  const card = page.locator('.lp-card').first();
  const box = await card.boundingBox();
  if (!box) throw new Error('The first card is not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(box.height / 2, 30);
  const viewport = page.viewportSize() ?? { width: 1920, height: 1080 };
  await watchPaint(page, 'drag overlay', '.lp-card--overlay');
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 12, y + 4, { steps: 2 });
  const overlayAt = await paintedAt(page, 'drag overlay');
  const downAt = await page.evaluate(
    () =>
      (window as unknown as { interactionBench: InteractionMarks }).interactionBench.pointerDownAt,
  );
  const from = await now(page);
  const distance = viewport.width * 0.7 - x;
  for (let frame = 1; frame <= 30; frame++) {
    await page.mouse.move(x + 12 + (distance * frame) / 30, y + 4);
    await nextFrame(page);
  }
  const to = await now(page);
  await page.keyboard.press('Escape');
  await page.mouse.up();
  await page.locator('.lp-board[data-expanded="false"]').waitFor();
  return {
    pointerToOverlayMs: overlayAt - downAt,
    dragLongTasks: await longTasksBetween(page, from, to),
  };
}

/** Three letters typed in the learner search, a person's pace apart, until the board shows the matches. */
async function typeInSearch(
  page: Page,
  learners: { name: string; tags: { id: number; tag: string }[] }[],
) {
  const term = 'lea';
  const matches = learners.filter(learnerFilter(term)).length;
  const search = page.getByRole('searchbox', { name: 'Search learners and tags' });
  await search.focus();
  const from = await now(page);
  await search.pressSequentially(term, { delay: 120 });
  await page.waitForFunction(
    (count) => document.querySelectorAll('.lp-card').length === count,
    matches,
    { timeout: 30_000 },
  );
  await nextFrame(page);
  const to = await now(page);
  const tasks = await longTasksBetween(page, from, to);
  await search.fill('');
  await page.waitForFunction(
    (count) => document.querySelectorAll('.lp-card').length === count,
    learners.length,
    { timeout: 30_000 },
  );
  await search.blur();
  return tasks;
}

/**
 * The learner overlay opened from the keyboard (Enter on the card's name opens it at once; a
 * click waits to tell a double click), until its record shows, after the record's answer.
 */
export async function openOverlay(page: Page, learner: { id: number; name: string }) {
  const name = boardCard(page, learner.name).locator('.lp-card__name');
  await watchPaint(page, 'overlay record', '[role="dialog"]', 'Cohort:');
  await name.focus();
  const askedAt = await now(page);
  await name.press('Enter');
  const shownAt = await paintedAt(page, 'overlay record');
  const answeredAt = await page.evaluate((id) => {
    const entry = performance
      .getEntriesByType('resource')
      .filter((item) => new URL(item.name).pathname === `/api/students/${id}`)
      .at(-1) as PerformanceResourceTiming | undefined;
    return entry?.responseEnd ?? 0;
  }, learner.id);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  return shownAt - Math.max(askedAt, answeredAt);
}

/**
 * Another instructor moves the learner (through the API); the page hears it on its live stream
 * and marks the card.
 */
async function liveChange(page: Page, move: () => Promise<void>, learnerId: number) {
  await page.waitForFunction(
    () => (window as unknown as { interactionBench: InteractionMarks }).interactionBench.liveOpen,
    undefined,
    { timeout: 30_000 },
  );
  await watchPaint(page, 'live mark', `[data-learner-id="${learnerId}"] .lp-card__mark`);
  const from = await now(page);
  await move();
  const markedAt = await paintedAt(page, 'live mark');
  const arrivedAt = await page.evaluate(
    ({ learnerId, from }) =>
      (window as unknown as { interactionBench: InteractionMarks }).interactionBench.changes.find(
        (change) => change.learnerId === learnerId && change.at >= from,
      )?.at ?? Number.NaN,
    { learnerId, from },
  );
  // The board's new answer too: the card in its new column.
  await page.waitForLoadState('networkidle');
  const to = await now(page);
  return {
    liveAfterEventMs: markedAt - arrivedAt,
    liveLongTasks: await longTasksBetween(page, from, to),
  };
}

export interface InteractionSetup {
  /** The board's learners as the API gives them. */
  learners: { id: number; name: string; tags: { id: number; tag: string }[] }[];
  /** The learner whose overlay opens. */
  opened: { id: number; name: string };
  /**
   * Per round, a learner to move and the projects to try, in turn: a learner goes to a project
   * once (409 for one they had).
   */
  moves: { learnerId: number; projectIds: number[] }[];
  /** Calls as another instructor. */
  asOther: ApiCall;
}

/**
 * What the interactions need: the board's learners, and those the bench added, moved one per
 * round by another instructor (the demo staff member) to a project of the course they never had.
 */
export async function interactionSetup(
  call: ApiCall,
  baseUrl: string,
  cohortId: number,
  board: BoardLearner[],
  created: number[],
  visits: number,
): Promise<InteractionSetup> {
  const added = board.filter((learner) => created.includes(learner.id));
  const courses = await call<{ books: { projects: { id: number }[] }[] }[]>(
    'GET',
    `/courses?cohortId=${cohortId}&active=true`,
  );
  const projects = (courses.body[0]?.books ?? []).flatMap((book) => book.projects);
  const moves = added.map((learner) => ({
    learnerId: learner.id,
    projectIds: projects
      .map((project) => project.id)
      .filter((id) => id !== learner.project_id)
      .reverse(),
  }));
  const opened = added[0];
  if (!opened || moves.length < visits)
    throw new Error(`The bench needs ${visits} learners it added; it has ${moves.length}`);
  return {
    learners: board,
    opened,
    moves,
    asOther: apiCaller(baseUrl, await signInWithPassword(baseUrl, 'staff')),
  };
}

/** Round `round`'s learner moved by another instructor, and the card's mark painted after it. */
export function liveMove(page: Page, setup: InteractionSetup, round: number) {
  const move = setup.moves[round];
  if (!move) throw new Error(`No learner to move in round ${round}`);
  return liveChange(
    page,
    async () => {
      for (const projectId of move.projectIds) {
        const answer = await setup.asOther('POST', `/students/${move.learnerId}/project`, {
          projectId,
        });
        if (answer.status < 300) return;
        if (answer.status !== 409) throw new Error(`Moving a learner failed: ${answer.status}`);
      }
      throw new Error('The learner had every project of the course');
    },
    move.learnerId,
  );
}

/** The interactions on a board page that is on screen and settled; `round` picks the move. */
export async function measureInteractions(
  page: Page,
  setup: InteractionSetup,
  round: number,
): Promise<Interactions> {
  const drag = await dragAcross(page);
  const searchLongTasks = await typeInSearch(page, setup.learners);
  const overlayAfterDataMs = await openOverlay(page, setup.opened);
  const live = await liveMove(page, setup, round);
  return { ...drag, searchLongTasks, overlayAfterDataMs, ...live };
}
