// Undo of every change an instructor makes (issue 11), signed in as the demo instructor: each
// board change is taken back from its toast, and one from the learner's History, asserting what
// the board and the learner record show. The learner is created for the walk and deleted after.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardCard, boardColumn, cardHandle, dragCard as drag } from './support/board.ts';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';
import { readSessionToken, signIn } from './support/session.ts';
import { renderedFrames } from './support/wait.ts';

const baseUrl = serverUrl();
const suffix = Date.now().toString(36);
const PASSWORD = 'long enough password';

interface CardData {
  id: number;
  name: string;
  project_name: string | null;
  assessment_status_id: number;
  score: number;
}
interface CourseData {
  id: number;
  name: string;
  books: {
    id: number;
    name: string;
    index: number;
    projects: { id: number; name: string; index: number }[];
    assessments: { id: number; name: string }[];
  }[];
}

let session: BrowserSession;
let page: Page;
let token = '';
const home = { id: 0, name: '' };
let course: CourseData;
const learner = { id: 0, name: `Ursula Undo${suffix}`, username: `e2e-undo-${suffix}` };
const tagName = `undo ${suffix}`.slice(0, 25);

async function call<T>(method: string, path: string, body?: unknown, as = token) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      Authorization: `Token ${as}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const cardData = async () =>
  (await call<CardData[]>('GET', `/students?cohort=${home.id}`)).body.find(
    (item) => item.id === learner.id,
  )!;
// Open toasts only: an undone one leaves while the same text may show again for the next move.
const toast = (text: string | RegExp) =>
  page.locator('.lp-toast[data-state="open"]').filter({ hasText: text });
const undoIn = (text: string | RegExp) => toast(text).getByRole('button', { name: 'Undo' });
const board = () => page.locator('.lp-board');
const card = () => boardCard(page, learner.name);
const column = (book: string, name: string) => boardColumn(page, book, name);
// The latest such toast: an earlier undo's may still be on screen.
const undone = (what: string) => toast(`${what}: ${learner.name}`).last();

const dragCard = (target: () => Locator) => drag(page, card(), target);

async function openBoard() {
  await page.goto(`${baseUrl}/`);
  await board().waitFor();
  await card().waitFor();
}

async function chooseFromMenu(...items: string[]) {
  await page.getByRole('button', { name: `Actions for ${learner.name}` }).click();
  for (const item of items) await page.getByRole('menuitem', { name: item, exact: true }).click();
}

beforeAll(async () => {
  session = await connectBrowser();
  page = await session.context.newPage();
  await page.setViewportSize({ width: 1800, height: 1000 });
  await signIn(page, baseUrl, 'instructor');
  token = (await readSessionToken(page)) ?? '';
  const profile = await call<{ person: { active_cohort: number } }>('GET', '/profile');
  const cohort = await call<{ id: number; name: string }>(
    'GET',
    `/cohorts/${profile.body.person.active_cohort}`,
  );
  Object.assign(home, { id: cohort.body.id, name: cohort.body.name });
  course = (await call<CourseData[]>('GET', `/courses?cohortId=${home.id}&active=true`)).body[0]!;
  const created = await call<{ id: number }>('POST', '/users', {
    username: learner.username,
    password: PASSWORD,
    first_name: 'Ursula',
    last_name: `Undo${suffix}`,
    cohort: home.id,
  });
  expect(created.status).toBe(201);
  learner.id = created.body.id;
});

afterAll(async () => {
  const tags = await call<{ results: Array<{ id: number; name: string }> }>('GET', '/tags');
  const tag = tags.body?.results.find((item) => item.name === tagName);
  if (tag) await call('DELETE', `/tags/${tag.id}`);
  if (learner.id) await call('DELETE', `/students/${learner.id}`);
  await session?.close();
});

describe('undo from the toast', () => {
  it('puts a card dragged one column too far back, and it may then be moved there again', async () => {
    const book = [...course.books].sort((a, b) => a.index - b.index)[0]!;
    const [start, next] = [...book.projects].sort((a, b) => a.index - b.index);
    await openBoard();
    await column(book.name, start!.name).getByText(learner.name).waitFor();
    await dragCard(() => column(book.name, next!.name));
    await column(book.name, next!.name).getByText(learner.name).waitFor();
    await undoIn(`${learner.name} assigned to ${next!.name}`).click();
    await undone('Move undone').waitFor();
    await column(book.name, start!.name).getByText(learner.name).waitFor();
    expect((await cardData()).project_name).toBe(start!.name);

    // The card menu's move is undone the same way; the duplicate rule does not block a redo.
    await chooseFromMenu('Assign to project', book.name, next!.name);
    await column(book.name, next!.name).getByText(learner.name).waitFor();
    await undoIn(`${learner.name} assigned to ${next!.name}`).click();
    await column(book.name, start!.name).getByText(learner.name).waitFor();

    // And the keyboard's.
    await cardHandle(page, learner.name).focus();
    await page.keyboard.press('Space');
    await page.locator('.lp-board[data-expanded="true"]').waitFor();
    await column(book.name, next!.name).waitFor();
    await renderedFrames(page);
    await page.keyboard.press('ArrowRight');
    await page
      .getByText(`${learner.name} is over ${book.name}, ${next!.name}.`)
      .waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await column(book.name, next!.name).getByText(learner.name).waitFor();
    await undoIn(`${learner.name} assigned to ${next!.name}`).click();
    await column(book.name, start!.name).getByText(learner.name).waitFor();
    expect(await page.getByText('Student has previously been assigned').count()).toBe(0);
    expect((await cardData()).project_name).toBe(start!.name);
  });

  it('takes back a self-assessment start, a status change, and a review from the evaluation dialog with its objectives', async () => {
    const book = [...course.books].sort((a, b) => a.index - b.index)[0]!;
    const assessment = `${book.assessments[0]!.name} (self-assessment)`;
    await openBoard();
    await chooseFromMenu('Assign to project', book.name, assessment);
    await card().and(page.locator('.lp-card--in-progress')).waitFor();
    await undoIn('Student assigned to assessment').click();
    await undone('Self-assessment start undone').waitFor();
    await card().and(page.locator('.lp-card--in-progress')).waitFor({ state: 'detached' });
    expect((await cardData()).assessment_status_id).toBe(0);

    await chooseFromMenu('Assign to project', book.name, assessment);
    await card().and(page.locator('.lp-card--in-progress')).waitFor();
    await chooseFromMenu('Assessment status', 'Ready for Review');
    await card().and(page.locator('.lp-card--ready')).waitFor();
    await undoIn(`${learner.name}: Ready for Review`).click();
    await undone('Status change undone').waitFor();
    await card().and(page.locator('.lp-card--in-progress')).waitFor();

    const scoreBefore = (await cardData()).score;
    await chooseFromMenu('Assessment status', 'Reviewed and Complete');
    const dialog = page.getByRole('dialog', { name: 'Assessment Evaluation' });
    await dialog.getByRole('checkbox').first().waitFor();
    for (const box of await dialog.getByRole('checkbox').all()) await box.click();
    await dialog.getByLabel('Feedback').fill('Good work on the objectives.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card().and(page.locator('.lp-card--complete')).waitFor();
    await expect.poll(async () => (await cardData()).score).toBeGreaterThan(scoreBefore);
    await undoIn(`${learner.name}: Reviewed and Complete`).click();
    await undone('Status change undone').waitFor();
    await card().and(page.locator('.lp-card--in-progress')).waitFor();
    expect((await cardData()).score).toBe(scoreBefore);
  });

  it('un-achieves an objective achieved with one click: it is back in the panel', async () => {
    await page.goto(`${baseUrl}/learners/${learner.id}`);
    const panel = page.getByRole('list', { name: 'Learning Objectives Remaining' });
    const first = panel.getByRole('button').first();
    await first.waitFor();
    const label = (await first.textContent()) ?? '';
    const count = await panel.getByRole('button').count();
    await first.click();
    await panel.getByRole('button', { name: label, exact: true }).waitFor({ state: 'detached' });
    await undoIn(`Achieved: ${label}`).click();
    await undone('Objective no longer achieved').waitFor();
    await panel.getByRole('button', { name: label, exact: true }).waitFor();
    expect(await panel.getByRole('button').count()).toBe(count);
  });

  it('puts a removed tag back on the card', async () => {
    const tag = await call<{ id: number }>('POST', '/tags', { name: tagName });
    await call('POST', '/studenttags', { student: learner.id, tag: tag.body.id });
    await openBoard();
    const chip = card().locator('.lp-tag-chip').filter({ hasText: tagName });
    await chip.waitFor();
    await page.getByRole('button', { name: `Remove tag ${tagName} from ${learner.name}` }).click();
    await chip.waitFor({ state: 'detached' });
    await undoIn(`Removed “${tagName}” from ${learner.name}`).click();
    await undone('Tag restored').waitFor();
    await chip.waitFor();
  });

  it('puts a deleted note back in the open notes dialog', async () => {
    await call('POST', '/notes', { studentId: learner.id, type: 2, note: `Undo me ${suffix}` });
    await page.goto(`${baseUrl}/learners/${learner.id}`);
    await page.getByRole('button', { name: 'Learner Notes' }).click();
    const notes = page.getByRole('dialog', { name: `Notes: ${learner.name}` });
    const list = notes.getByRole('region', { name: 'Notes' });
    await list.getByText(`Undo me ${suffix}`).waitFor();
    await notes.getByRole('button', { name: /Delete note: Undo me/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete note' }).click();
    await list.getByText(`Undo me ${suffix}`).waitFor({ state: 'detached' });
    await undoIn('Note deleted').click();
    await undone('Note restored').waitFor();
    // Clicking the toast leaves the dialog open, and the note is back in it.
    await list.getByText(`Undo me ${suffix}`).waitFor();
  });
});

describe('undo from History', () => {
  it("lists the board's changes in the learner's History and undoes a capstone's MVP step there", async () => {
    const signedIn = await call<{ token: string }>('POST', '/accounts/verify', {
      username: learner.username,
      password: PASSWORD,
    });
    const proposal = await call<{ id: number }>(
      'POST',
      '/capstones',
      { course: course.id, proposalURL: 'https://example.com/proposal' },
      signedIn.body.token,
    );
    expect(proposal.status).toBe(201);
    await call('POST', '/timelines', { capstone: proposal.body.id, status: 1 });
    await call('POST', '/timelines', { capstone: proposal.body.id, status: 4 });

    await page.goto(`${baseUrl}/learners/${learner.id}`);
    const history = page.getByRole('region', { name: 'History' });
    const step = `${course.name} capstone proposal marked MVP`;
    await history.getByText(step).waitFor();
    // The walk's earlier changes are there too, each already undone.
    await history
      .getByText(/^Moved to /)
      .first()
      .waitFor();
    await history.getByText(/^Tag '.*' removed$/).waitFor();
    await history.getByRole('button', { name: `Undo: ${step}` }).click();
    await undone('Capstone step undone').waitFor();
    await history
      .getByRole('listitem')
      .filter({ hasText: step })
      .getByText(/^Undone /)
      .waitFor();
    const capstones = await call<Array<{ id: number; statuses: Array<{ status_id: number }> }>>(
      'GET',
      `/capstones?studentId=${learner.id}`,
    );
    expect(capstones.body[0]!.statuses.map((entry) => entry.status_id)).toEqual([1]);
  });
});
