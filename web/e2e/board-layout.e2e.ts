// The board fits the screen (issue 11), signed in as the demo instructor: the demo cohort's 30
// learners all in view at 1440×900 once the events panel is hidden (and the panel stays hidden
// after a reload), 60 learners at 1920×1080, book labels in view while their book is scrolled
// partly out of the board, the cue counting the columns out of view, and the learner overlay
// showing its data straight after the click (the time is printed, not asserted).
// With BOARD_SCREENSHOTS=<folder> it saves board-1440-30.png and board-1920-60.png there.
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, apiCaller, fillCohort } from './support/api.ts';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';
import { readSessionToken, signIn } from './support/session.ts';
import { escapeFrom } from './support/wait.ts';

const baseUrl = serverUrl();
const suffix = Date.now().toString(36);
const DEMO_COHORT_SIZE = 30;
const LARGE_COHORT_SIZE = 60;

interface CardData {
  id: number;
  name: string;
  project_id: number | null;
  assessment_status_id: number;
}

let session: BrowserSession;
let page: Page;
let token = '';
let cohortId = 0;
const created: number[] = [];
/** The learners whose record (GET /students/{id}) the page has received. */
const recordsFetched = new Set<number>();

// The token is read once signed in, so the caller is made per call.
const call: ApiCall = (method, path, body) => apiCaller(baseUrl, token)(method, path, body);

const boardOf = async () => (await call<CardData[]>('GET', `/students?cohort=${cohortId}`)).body;

async function screenshot(name: string) {
  const folder = process.env.BOARD_SCREENSHOTS;
  if (folder) await page.screenshot({ path: join(folder, name) });
}

async function openBoard() {
  await page.goto(`${baseUrl}/`);
  await page.locator('.lp-board').waitFor();
}

/** Cards wholly inside both the window and the board's visible part. */
function cardsInView() {
  return page.evaluate(() => {
    const board = document.querySelector('.lp-board')?.getBoundingClientRect();
    const cards = [
      ...document.querySelectorAll('[aria-roledescription="draggable learner card"]'),
    ].map((card) => card.getBoundingClientRect());
    if (!board) return { total: cards.length, inView: 0 };
    const left = Math.max(0, board.left);
    const right = Math.min(window.innerWidth, board.right);
    const inView = cards.filter(
      (card) =>
        card.left >= left - 0.5 &&
        card.right <= right + 0.5 &&
        card.top >= 0 &&
        card.bottom <= window.innerHeight,
    );
    return { total: cards.length, inView: inView.length };
  });
}

/**
 * The books cut by the board's edges whose visible part has room for their label, and the labels
 * of those not wholly in view.
 */
function bookLabels() {
  return page.evaluate(() => {
    const board = document.querySelector('.lp-board')?.getBoundingClientRect();
    if (!board) return { cut: 0, out: ['no board'] };
    let cut = 0;
    const out = [...document.querySelectorAll('.lp-book__header')].flatMap((header) => {
      const bar = header.getBoundingClientRect();
      const label = header.querySelector('.lp-book__label')?.getBoundingClientRect();
      const visible = Math.min(bar.right, board.right) - Math.max(bar.left, board.left);
      if (!label || visible < label.width + 24) return [];
      if (bar.left < board.left || bar.right > board.right) cut += 1;
      const inside = label.left >= board.left - 0.5 && label.right <= board.right + 0.5;
      return inside ? [] : [header.textContent ?? ''];
    });
    return { cut, out };
  });
}

/** The numbers of a cue's text, '3 projects · 12 learners →'. */
function cueCounts(text: string | null) {
  const match = /(\d+) projects? · (\d+) learners?/.exec(text ?? '');
  return match ? { projects: Number(match[1]), learners: Number(match[2]) } : null;
}

const cue = (side: 'left' | 'right') => page.getByRole('button', { name: `Scroll ${side}:` });
const eventsHeading = () => page.getByRole('heading', { name: 'Upcoming Events' });

beforeAll(async () => {
  session = await connectBrowser();
  page = await session.context.newPage();
  page.on('response', (response) => {
    const record = /^\/api\/students\/(\d+)$/.exec(new URL(response.url()).pathname);
    if (record && response.ok()) recordsFetched.add(Number(record[1]));
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, baseUrl, 'instructor');
  token = (await readSessionToken(page)) ?? '';
  const profile = await call<{ person: { active_cohort: number } }>('GET', '/profile');
  cohortId = profile.body.person.active_cohort;
});

afterAll(async () => {
  for (const id of created) await call('DELETE', `/students/${id}`);
  await session?.close();
});

describe('the board on the screen', () => {
  it('counts the columns out of view, scrolls to them, and keeps book labels in view', async () => {
    expect((await boardOf()).length).toBe(DEMO_COHORT_SIZE);
    await openBoard();
    await eventsHeading().waitFor();
    // With the events panel open the demo cohort is wider than the board.
    const right = cue('right');
    await right.waitFor();
    const { inView } = await cardsInView();
    expect(inView).toBeLessThan(DEMO_COHORT_SIZE);
    const counted = cueCounts(await right.textContent());
    expect(counted?.learners).toBe(DEMO_COHORT_SIZE - inView);
    expect(counted?.projects).toBeGreaterThan(0);
    expect(await cue('left').count()).toBe(0);
    expect((await bookLabels()).out).toEqual([]);

    await right.click();
    // What was hidden on the right fits in one board width: it all comes into view, and the left
    // cue counts what went out of view on the left.
    await cue('right').waitFor({ state: 'detached' });
    await cue('left').waitFor();
    await expect
      .poll(async () => {
        const now = await cardsInView();
        return now.inView + (cueCounts(await cue('left').textContent())?.learners ?? 0);
      })
      .toBe(DEMO_COHORT_SIZE);

    // Scrolled back a little, the first book is partly out of view: its label stays readable.
    await page.locator('.lp-board').evaluate((board) => {
      board.scrollLeft -= 80;
    });
    const labels = await bookLabels();
    expect(labels.cut).toBeGreaterThan(0);
    expect(labels.out).toEqual([]);
  });

  it('shows all 30 learners of the demo cohort at 1440×900 with the events panel hidden, and remembers it', async () => {
    await openBoard();
    await page.getByRole('button', { name: 'Hide events ›' }).click();
    await eventsHeading().waitFor({ state: 'detached' });
    await expect.poll(cardsInView).toEqual({ total: DEMO_COHORT_SIZE, inView: DEMO_COHORT_SIZE });
    expect(await page.locator('.lp-board[data-density="compact"]').count()).toBe(1);
    // The scroll cues follow the board's width once the panel's room is given back.
    await expect.poll(() => cue('right').count()).toBe(0);
    await screenshot('board-1440-30.png');

    await page.reload();
    await page.locator('.lp-board').waitFor();
    const show = page.getByRole('button', { name: '‹ Show events' });
    await show.waitFor();
    expect(await show.getAttribute('aria-expanded')).toBe('false');
    expect(await eventsHeading().count()).toBe(0);
    await expect.poll(cardsInView).toEqual({ total: DEMO_COHORT_SIZE, inView: DEMO_COHORT_SIZE });
  });

  it('keeps the full cards when the user chooses them, with the cue pointing at the rest', async () => {
    await openBoard();
    await page.getByRole('radio', { name: 'Comfortable' }).click();
    await page.locator('.lp-board[data-density="comfortable"]').waitFor();
    await cue('right').waitFor();
    await page.reload();
    await page.locator('.lp-board[data-density="comfortable"]').waitFor();
    await page.getByRole('radio', { name: 'Auto' }).click();
    await page.locator('.lp-board[data-density="compact"]').waitFor();
  });

  it('shows all 60 learners of a larger cohort at 1920×1080', async () => {
    created.push(...(await fillCohort(call, cohortId, LARGE_COHORT_SIZE, `e2e-layout-${suffix}`)));
    expect((await boardOf()).length).toBe(LARGE_COHORT_SIZE);

    await page.setViewportSize({ width: 1920, height: 1080 });
    await openBoard();
    await expect.poll(cardsInView).toEqual({ total: LARGE_COHORT_SIZE, inView: LARGE_COHORT_SIZE });
    await screenshot('board-1920-60.png');

    // With the events panel open as well, whatever does not fit is counted by the cue.
    await page.getByRole('button', { name: '‹ Show events' }).click();
    await eventsHeading().waitFor();
    await expect
      .poll(async () => {
        const now = await cardsInView();
        const rest = (await cue('right').count())
          ? (cueCounts(await cue('right').textContent())?.learners ?? 0)
          : 0;
        return now.inView + rest;
      })
      .toBe(LARGE_COHORT_SIZE);
    console.log(
      `1920×1080, 60 learners, events panel open: ${(await cardsInView()).inView} cards in view`,
    );
  });

  it('opens the learner overlay with its data at once, the record fetched while the card is pointed at or focused', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openBoard();
    const [byMouse, byKeyboard] = await boardOf();
    if (!byMouse || !byKeyboard) throw new Error('The demo cohort has no learners');

    const clicked = await overlayTimes(byMouse, 'click', async (name) => {
      await name.hover();
      return () => name.click();
    });
    console.log(
      `Learner overlay after a click (the spec's single-click delay is 300 ms): open with name, score and project at ${clicked.open} ms, the record at ${clicked.record} ms, every panel at ${clicked.complete} ms`,
    );
    const pressed = await overlayTimes(byKeyboard, 'keydown', async (name) => {
      await name.focus();
      return () => page.keyboard.press('Enter');
    });
    console.log(
      `Learner overlay after Enter on a card's name (no delay): open with name, score and project at ${pressed.open} ms, the record at ${pressed.record} ms, every panel at ${pressed.complete} ms`,
    );
  });
});

/**
 * Points at (or focuses) a learner's card, waits for the prefetch of their record, then opens the
 * overlay and returns the milliseconds from the click or key press to the overlay on screen, to
 * its record (the GitHub line) and to every panel loaded, measured in the page.
 */
async function overlayTimes(
  learner: CardData,
  trigger: 'click' | 'keydown',
  prepare: (name: Locator) => Promise<() => Promise<void>>,
) {
  const name = page.locator(`[data-learner-id="${learner.id}"] .lp-card__name`);
  const open = await prepare(name);
  // Pointing at or focusing a card may not be the first time its record was asked for (the
  // pointer may rest on it as the board appears); what matters is that it has arrived.
  await expect.poll(() => recordsFetched.has(learner.id)).toBe(true);
  await page.evaluate((type) => {
    const marks: Record<string, number> = {};
    Object.assign(window, { overlayMarks: marks });
    document.addEventListener(type, () => {
      marks.start ??= performance.now();
    });
    const observer = new MutationObserver(() => {
      const dialog = document.querySelector('[role="dialog"]');
      if (!dialog) return;
      const now = performance.now();
      if (dialog.querySelector('h2')) marks.open ??= now;
      const record = dialog.textContent?.includes('Github:') ?? false;
      if (record) marks.record ??= now;
      const loading = [...dialog.querySelectorAll('[role="status"]')].some((status) =>
        status.textContent?.includes('Loading'),
      );
      if (record && !loading) {
        marks.complete ??= now;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, trigger);
  await open();
  const dialog = page.getByRole('dialog', { name: `Learner: ${learner.name}` });
  await dialog.getByRole('heading', { name: learner.name, exact: true }).waitFor();
  await dialog.getByText('Github:').waitFor();
  const marks = () =>
    page.evaluate(
      () => (window as unknown as { overlayMarks: Record<string, number> }).overlayMarks,
    );
  await expect.poll(async () => 'complete' in (await marks())).toBe(true);
  const times = await marks();
  await escapeFrom(dialog);
  await dialog.waitFor({ state: 'detached' });
  // The overlay gives the focus back to the card's name a task after it has gone; the next
  // measurement focuses another card, which that would undo.
  await expect
    .poll(() => name.evaluate((element) => element === document.activeElement))
    .toBe(true);
  const since = (mark: string) => Math.round((times[mark] ?? Number.NaN) - (times.start ?? 0));
  return { open: since('open'), record: since('record'), complete: since('complete') };
}
