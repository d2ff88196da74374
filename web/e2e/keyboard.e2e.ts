// The instructor's screens from the keyboard alone (issue 17): closing a dialog gives focus back
// to what opened it, a keyboard drop leaves focus on the moved card, F8 reaches a toast's Undo,
// and the cohort calendar is one Tab stop moved through by the arrow keys. The learner and the
// event made here are deleted afterwards.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatLongDay, todayIn } from '../src/lib/dates.ts';
import { type ApiCall, apiCaller } from './support/api.ts';
import { boardColumn, cardHandle } from './support/board.ts';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';
import { readSessionToken, signIn } from './support/session.ts';
import { escapeFrom, renderedFrames } from './support/wait.ts';

const baseUrl = serverUrl();
const suffix = Date.now().toString(36);

interface CourseData {
  books: {
    id: number;
    name: string;
    index: number;
    projects: { id: number; name: string; index: number }[];
  }[];
}

let session: BrowserSession;
let page: Page;
let token = '';
const home = { id: 0, name: '', start: '', end: '' };
const learner = { id: 0, name: `Kira Keys${suffix}` };
let book: CourseData['books'][number];
let eventId = 0;

const call: ApiCall = (method, path, body) => apiCaller(baseUrl, token)(method, path, body);

/** Waits until this element has the keyboard focus. */
const hasFocus = (locator: Locator) =>
  expect.poll(() => locator.evaluate((element) => element === document.activeElement)).toBe(true);

const actions = () => page.getByRole('button', { name: `Actions for ${learner.name}` });
const toast = (text: string) =>
  page.locator('.lp-toast[data-state="open"]').filter({ hasText: text });

async function openBoard() {
  await page.goto(`${baseUrl}/`);
  await cardHandle(page, learner.name).waitFor();
}

/** Opens the card menu from the keyboard and chooses these items (a submenu opens with →). */
async function chooseFromMenu(...items: string[]) {
  await actions().focus();
  await page.keyboard.press('Enter');
  for (const [at, item] of items.entries()) {
    await page.getByRole('menuitem', { name: item, exact: true }).focus();
    await page.keyboard.press(at < items.length - 1 ? 'ArrowRight' : 'Enter');
  }
}

beforeAll(async () => {
  session = await connectBrowser();
  page = await session.context.newPage();
  await page.setViewportSize({ width: 1800, height: 1000 });
  await signIn(page, baseUrl, 'instructor');
  token = (await readSessionToken(page)) ?? '';
  const profile = await call<{ person: { active_cohort: number } }>('GET', '/profile');
  const cohort = await call<{ id: number; name: string; start_date: string; end_date: string }>(
    'GET',
    `/cohorts/${profile.body.person.active_cohort}`,
  );
  Object.assign(home, {
    id: cohort.body.id,
    name: cohort.body.name,
    start: cohort.body.start_date,
    end: cohort.body.end_date,
  });
  const course = (await call<CourseData[]>('GET', `/courses?cohortId=${home.id}&active=true`))
    .body[0]!;
  book = [...course.books].sort((a, b) => a.index - b.index)[0]!;
  const created = await call<{ id: number }>('POST', '/users', {
    username: `e2e-keys-${suffix}`,
    password: 'long enough password',
    first_name: 'Kira',
    last_name: `Keys${suffix}`,
    cohort: home.id,
  });
  expect(created.status).toBe(201);
  learner.id = created.body.id;
});

afterAll(async () => {
  if (eventId) await call('DELETE', `/events/${eventId}`);
  if (learner.id) await call('DELETE', `/students/${learner.id}`);
  await session?.close();
});

describe('focus after a dialog closes', () => {
  it('goes back to the card menu, the name or the navbar button that opened the dialog', async () => {
    await openBoard();
    await chooseFromMenu('Learner Notes');
    const notes = page.getByRole('dialog', { name: `Notes: ${learner.name}` });
    await notes.waitFor();
    await escapeFrom(notes);
    await notes.waitFor({ state: 'detached' });
    await hasFocus(actions());

    await chooseFromMenu('Tag Learner');
    const tags = page.getByRole('dialog', { name: `Tag ${learner.name}` });
    await tags.getByRole('button', { name: '[ close ]' }).focus();
    await page.keyboard.press('Enter');
    await tags.waitFor({ state: 'detached' });
    await hasFocus(actions());

    const name = page.getByRole('button', { name: learner.name, exact: true });
    await name.focus();
    await page.keyboard.press('Enter');
    const overlay = page.getByRole('dialog', { name: `Learner: ${learner.name}` });
    await overlay.waitFor();
    await escapeFrom(overlay);
    await overlay.waitFor({ state: 'detached' });
    await hasFocus(name);

    const settings = page.getByRole('button', { name: 'Settings', exact: true });
    await settings.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'User Settings' });
    await dialog.waitFor();
    await escapeFrom(dialog);
    await dialog.waitFor({ state: 'hidden' });
    await hasFocus(settings);
  });
});

describe('moving a card from the keyboard', () => {
  it('leaves focus on the moved card, and F8 reaches the Undo that puts it back', async () => {
    const [start, next] = [...book.projects].sort((a, b) => a.index - b.index);
    const column = (name: string) => boardColumn(page, book.name, name);
    await openBoard();
    await column(start!.name).getByText(learner.name).waitFor();
    await cardHandle(page, learner.name).focus();
    await page.keyboard.press('Space');
    await page.locator('.lp-board[data-expanded="true"]').waitFor();
    await column(next!.name).waitFor();
    await renderedFrames(page);
    await page.keyboard.press('ArrowRight');
    await page
      .getByText(`${learner.name} is over ${book.name}, ${next!.name}.`)
      .waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await column(next!.name).getByText(learner.name).waitFor();
    await hasFocus(column(next!.name).getByRole('button', { name: `Move ${learner.name}` }));

    const moved = toast(`${learner.name} assigned to ${next!.name}`);
    await moved.waitFor();
    await page.keyboard.press('F8');
    await hasFocus(moved.getByRole('button', { name: 'Undo' }));
    await page.keyboard.press('Enter');
    await toast(`Move undone: ${learner.name}`).waitFor();
    await column(start!.name).getByText(learner.name).waitFor();
    // Focus came back from the toast to the card, which then moved back with it.
    await hasFocus(column(start!.name).getByRole('button', { name: `Move ${learner.name}` }));
  });
});

describe('a toast over a dialog', () => {
  it('takes F8 out of the notes dialog to the Undo, and Escape back into the dialog, still open', async () => {
    await call('POST', '/notes', { studentId: learner.id, type: 2, note: `Keep me ${suffix}` });
    await page.goto(`${baseUrl}/learners/${learner.id}`);
    await page.getByRole('button', { name: 'Learner Notes' }).click();
    const notes = page.getByRole('dialog', { name: `Notes: ${learner.name}` });
    const list = notes.getByRole('region', { name: 'Notes' });
    await list.getByText(`Keep me ${suffix}`).waitFor();
    await notes.getByRole('button', { name: /Delete note: Keep me/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete note' }).click();
    await list.getByText(`Keep me ${suffix}`).waitFor({ state: 'detached' });
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    const inDialog = () => notes.evaluate((dialog) => dialog.contains(document.activeElement));

    const undo = toast('Note deleted').getByRole('button', { name: 'Undo' });
    await undo.waitFor();
    await page.keyboard.press('F8');
    await hasFocus(undo);
    await page.keyboard.press('Escape');
    await expect.poll(inDialog).toBe(true);
    await page.keyboard.press('F8');
    await hasFocus(undo);
    await page.keyboard.press('Enter');
    await list.getByText(`Keep me ${suffix}`).waitFor();
    await expect.poll(inDialog).toBe(true);
    expect(await notes.isVisible()).toBe(true);
  });
});

describe('focus after the evaluation dialog closes', () => {
  it('goes back to the card menu after the evaluation dialog opened from its submenu', async () => {
    const status = await call('POST', `/students/${learner.id}/assess`, { bookId: book.id });
    expect(status.status).toBeLessThan(300);
    await call('PUT', `/students/${learner.id}/assess`, { statusId: 2 });
    await openBoard();
    await page.locator(`[data-learner-id="${learner.id}"].lp-card--ready`).waitFor();
    await chooseFromMenu('Assessment status', 'Reviewed and Complete');
    const evaluation = page.getByRole('dialog', { name: 'Assessment Evaluation' });
    await evaluation.waitFor();
    await escapeFrom(evaluation);
    await evaluation.waitFor({ state: 'hidden' });
    await hasFocus(actions());
  });
});

describe('the cohort overlay', () => {
  it('has a calendar of one Tab stop moved by the arrows, and gives focus back from its dialogs', async () => {
    const today = todayIn();
    const inCohort = home.start <= today && today <= home.end ? today : home.start;
    const next = addDays(inCohort, 1) <= home.end ? addDays(inCohort, 1) : addDays(inCohort, -1);
    const types = await call<{ id: number }[]>('GET', '/eventtypes');
    const created = await call<{ id: number }>('POST', '/events', {
      cohort: home.id,
      name: `Keyboard day ${suffix}`,
      type: types.body[0]!.id,
      date: inCohort,
    });
    expect(created.status).toBe(201);
    eventId = created.body.id;

    await page.goto(`${baseUrl}/cohorts`);
    // Keyboard only: no day's hover card opened by a pointer resting where the calendar appears.
    await page.mouse.move(0, 0);
    const opener = page
      .getByRole('group', { name: home.name })
      .getByRole('button', { name: home.name, exact: true });
    await opener.focus();
    await page.keyboard.press('Enter');
    const overlay = page.getByRole('dialog', { name: home.name });
    const day = (date: string) => overlay.locator(`[data-date="${date}"]`);
    await day(inCohort).waitFor();
    expect(await overlay.locator('.lp-calendar__day[tabindex="0"]').count()).toBe(1);

    await day(inCohort).focus();
    await page.keyboard.press(next > inCohort ? 'ArrowRight' : 'ArrowLeft');
    await hasFocus(day(next));
    await page.keyboard.press(next > inCohort ? 'ArrowLeft' : 'ArrowRight');
    await hasFocus(day(inCohort));
    // The focused day shows its events card first; the dialog then opens above it, and the card
    // closes once the day has lost the focus. Escape goes to the topmost layer, so the walk waits
    // for each layer to be in place rather than racing the card's timers.
    const eventsCard = page.locator('.lp-popper');
    await eventsCard.waitFor();
    await page.keyboard.press('Enter');
    const events = page.getByRole('dialog', { name: `Events for ${formatLongDay(inCohort)}` });
    await events.getByText(`Keyboard day ${suffix}`).waitFor();
    await eventsCard.waitFor({ state: 'detached' });
    await renderedFrames(page);
    await escapeFrom(events);
    // Closed, not merely renamed while it fades out.
    await page.getByRole('dialog').nth(1).waitFor({ state: 'detached' });
    await hasFocus(day(inCohort));

    const add = overlay.getByRole('button', { name: 'Add Event', exact: true });
    await add.focus();
    await page.keyboard.press('Enter');
    const addDialog = page.getByRole('dialog', { name: 'Add Event' });
    await addDialog.waitFor();
    await escapeFrom(addDialog);
    await page.getByRole('dialog').nth(1).waitFor({ state: 'detached' });
    await hasFocus(add);

    // A day's events card, opened while the day had the focus, closes a moment after it lost it;
    // while it shows, Escape closes it first, as it would for anyone.
    await eventsCard.waitFor({ state: 'detached' });
    await renderedFrames(page);
    await escapeFrom(overlay);
    await overlay.waitFor({ state: 'detached' });
    await hasFocus(opener);
  });
});
