// The learner-records walk, signed in as the demo instructor, through the learner page
// (/learners/:id: the overlay's content with the notes and tag dialogs). The board's card
// gestures (double click → notes, single click → overlay) are the board's to drive.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from './support/axe.ts';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';
import { DEMO_PASSWORD, readSessionToken, signIn } from './support/session.ts';
import { escapeFrom } from './support/wait.ts';

const baseUrl = serverUrl();
const suffix = Date.now().toString(36);

let session: BrowserSession;
let page: Page;
let token: string;
const home = { id: 0, name: '' };
const away = { id: 0, name: '' };
let learnerId = 0;
const learnerName = `Evelyn Walker${suffix}`;
const tagName = `e2e ${suffix}`.slice(0, 25);

async function call<T>(
  method: string,
  path: string,
  body?: unknown,
  as = token,
): Promise<{ status: number; body: T }> {
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

const toast = (text: string | RegExp) => page.locator('.lp-toast').filter({ hasText: text });
const dialog = (name: string) => page.getByRole('dialog', { name });
/** The record's score, shown as "Score 42". */
const scoreOf = async () =>
  Number((await page.locator('.lp-learner__score').textContent())?.replace(/^Score\s*/, ''));

beforeAll(async () => {
  session = await connectBrowser();
  page = await session.context.newPage();
  await page.setViewportSize({ width: 1800, height: 1000 });
  await signIn(page, baseUrl, 'instructor');
  token = (await readSessionToken(page)) ?? '';
  const profile = await call<{ person: { active_cohort: number } }>('GET', '/profile');
  const cohorts = (await call<Array<{ id: number; name: string }>>('GET', '/cohorts?active=true'))
    .body;
  const mine =
    cohorts.find((cohort) => cohort.id === profile.body.person.active_cohort) ?? cohorts[0]!;
  const other = cohorts.find((cohort) => cohort.id !== mine.id)!;
  Object.assign(home, { id: mine.id, name: mine.name });
  Object.assign(away, { id: other.id, name: other.name });
  // A learner of our own, so that the walk (which ends in a permanent delete) leaves the demo as it was.
  const created = await call<{ id: number }>('POST', '/users', {
    username: `e2e-${suffix}`,
    password: 'long enough password',
    first_name: 'Evelyn',
    last_name: `Walker${suffix}`,
    cohort: home.id,
  });
  expect(created.status).toBe(201);
  learnerId = created.body.id;
});

afterAll(async () => {
  const tags = await call<{ results: Array<{ id: number; name: string }> }>('GET', '/tags');
  const tag = tags.body?.results.find((item) => item.name === tagName);
  if (tag) await call('DELETE', `/tags/${tag.id}`);
  if (learnerId) await call('DELETE', `/students/${learnerId}`);
  await session?.close();
});

describe('learner records', () => {
  it("shows a learner's name, score, GitHub profile link and cohort", async () => {
    const board = await call<
      Array<{ id: number; name: string; github_handle: string | null; score: number }>
    >('GET', `/students?cohort=${home.id}`);
    const seeded = board.body.find((learner) => learner.github_handle && learner.score > 0)!;
    await page.goto(`${baseUrl}/learners/${seeded.id}`);
    await page.getByRole('heading', { name: seeded.name, level: 2 }).waitFor();
    expect(await scoreOf()).toBe(seeded.score);
    const github = page.getByRole('link', {
      name: `https://www.github.com/${seeded.github_handle}`,
    });
    expect(await github.getAttribute('href')).toBe(
      `https://www.github.com/${seeded.github_handle}`,
    );
    await page.getByText(`Cohort: ${home.name}`).waitFor();
    await checkAccessibility(page, 'learner record');
  });

  it('adds a note of each type with Enter, filters by type and closes with Escape', async () => {
    await page.goto(`${baseUrl}/learners/${learnerId}`);
    await page.getByRole('button', { name: 'Learner Notes' }).click();
    const notes = dialog(`Notes: ${learnerName}`);
    await notes.getByText('Add General Progress Note:').waitFor();
    const input = notes.getByLabel(/Note:$/);
    for (const type of [
      'General Progress',
      'Assessment Review',
      'Mental Health',
      'Behavioral Issue',
    ]) {
      if (type !== 'General Progress')
        await notes.getByRole('button', { name: type, exact: true }).click();
      await notes.getByText(`Add ${type} Note:`).waitFor();
      await input.fill(`A ${type} note`);
      await input.press('Enter');
      await notes.getByRole('region', { name: 'Notes' }).getByText(`A ${type} note`).waitFor();
      // The next note can be typed at once: the field kept the focus while the note was sent.
      expect(await input.evaluate((field) => field === document.activeElement)).toBe(true);
    }
    await toast('Note added').first().waitFor();
    const list = notes.getByRole('region', { name: 'Notes' });
    expect(await list.getByRole('listitem').count()).toBe(4);
    await checkAccessibility(page, 'notes dialog with notes', notes);
    await notes.getByRole('button', { name: /Filter notes/ }).click();
    await page.getByRole('menuitem', { name: 'Mental Health' }).click();
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    await list.getByText('A General Progress note').waitFor({ state: 'hidden' });
    expect(await list.getByRole('listitem').count()).toBe(1);
    await notes.getByRole('button', { name: /Filter notes/ }).click();
    await page.getByRole('menuitem', { name: 'Show all' }).click();
    await list.getByText('A General Progress note').waitFor();
    await input.focus();
    await page.keyboard.press('Escape');
    await notes.waitFor({ state: 'hidden' });
  });

  it('tags the learner with a tag it creates, and removes the chip with its cross (Undo puts it back)', async () => {
    await page.goto(`${baseUrl}/learners/${learnerId}`);
    await page.getByRole('button', { name: 'Tag Learner' }).click();
    const tags = dialog(`Tag ${learnerName}`);
    const field = tags.getByRole('combobox', { name: 'Tag' });
    await field.fill(tagName);
    // Creating is never highlighted by typing: it is the last option, one ArrowUp away.
    const create = tags.getByRole('option', { name: `Create tag '${tagName}'` });
    await field.press('ArrowUp');
    await create.and(page.locator('[aria-selected="true"]')).waitFor();
    await checkAccessibility(page, 'tag dialog', tags);
    await field.press('Enter');
    await tags.waitFor({ state: 'hidden' });
    await toast(`Created the tag “${tagName}” and tagged ${learnerName} with it`).waitFor();
    const chips = page.getByRole('list', { name: 'Tags' });
    await chips.getByText(tagName).waitFor();
    await checkAccessibility(page, 'learner record with a tag');
    await chips.getByText(tagName).click(); // the chip body does nothing
    expect(await toast(/Removed/).count()).toBe(0);
    expect(await chips.getByText(tagName).count()).toBe(1);
    await page.getByRole('button', { name: `Remove tag ${tagName} from ${learnerName}` }).click();
    await toast(`Removed “${tagName}” from ${learnerName}`).waitFor();
    await page.getByText(tagName, { exact: true }).waitFor({ state: 'detached' });
    await toast(`Removed “${tagName}”`).getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('list', { name: 'Tags' }).getByText(tagName).waitFor();
    const links = await call<{ results: unknown[] }>('GET', `/studenttags?studentId=${learnerId}`);
    expect(links.body.results).toHaveLength(1);
  });

  it('deletes the tag for everyone from the tag list after confirming, and Undo puts it back on the learner', async () => {
    await page.goto(`${baseUrl}/courses`);
    await page.getByRole('link', { name: 'Tags', exact: true }).click();
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: tagName, exact: true }) });
    await row.getByText('1 learner', { exact: true }).waitFor();
    await checkAccessibility(page, 'tag list');
    await row.getByRole('button', { name: `Delete tag ${tagName}` }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: `Delete the tag “${tagName}”?` });
    await confirm.getByText('taken off the one learner who has it').waitFor();
    await confirm.getByRole('button', { name: 'Delete tag' }).click();
    await toast(`Deleted the tag “${tagName}” (1 learner had it)`).waitFor();
    await row.waitFor({ state: 'detached' });
    // The focus moved to a neighbouring row's Delete, not to the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
      .toMatch(/^Delete tag /);
    expect(
      (await call<{ results: unknown[] }>('GET', `/studenttags?studentId=${learnerId}`)).body
        .results,
    ).toEqual([]);
    await toast(`Deleted the tag “${tagName}”`).getByRole('button', { name: 'Undo' }).click();
    await toast(`Tag '${tagName}' restored on 1 learner`).waitFor();
    await row.getByText('1 learner', { exact: true }).waitFor();
    const links = await call<{ results: unknown[] }>('GET', `/studenttags?studentId=${learnerId}`);
    expect(links.body.results).toHaveLength(1);
  });

  it('starts tracking core skills and saves a slider on release, from the keyboard and the pointer', async () => {
    await page.goto(`${baseUrl}/learners/${learnerId}`);
    await page.getByRole('button', { name: 'Start Tracking Core Skills' }).click();
    const sliders = page.getByRole('slider');
    await sliders.first().waitFor();
    expect(await sliders.count()).toBe(4);
    expect(await page.getByRole('heading', { name: 'Algorithmic Thinking (1)' }).count()).toBe(1);

    await sliders.first().focus();
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/coreskillrecords/') && r.request().method() === 'PUT',
    );
    await page.keyboard.press('ArrowRight');
    expect((await saved).status()).toBe(204);
    await page.getByRole('heading', { name: 'Algorithmic Thinking (2)' }).waitFor();

    const box = (await page.locator('.lp-skill').nth(1).locator('.rt-SliderRoot').boundingBox())!;
    const dragged = page.waitForResponse(
      (r) => r.url().includes('/api/coreskillrecords/') && r.request().method() === 'PUT',
    );
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect((await dragged).status()).toBe(204);

    await page.reload();
    await page.getByRole('heading', { name: 'Algorithmic Thinking (2)' }).waitFor();
    await page.getByRole('heading', { name: 'Analytical Thinking (10)' }).waitFor();
  });

  it('marks a learning objective achieved: it leaves the panel and the score grows', async () => {
    await page.goto(`${baseUrl}/learners/${learnerId}`);
    const panel = page.getByRole('list', { name: 'Learning Objectives Remaining' });
    const first = panel.getByRole('button').first();
    await first.waitFor();
    const label = (await first.textContent()) ?? '';
    const before = await scoreOf();
    const count = await panel.getByRole('button').count();
    await first.click();
    await panel.getByRole('button', { name: label, exact: true }).waitFor({ state: 'detached' });
    expect(await panel.getByRole('button').count()).toBe(count - 1);
    await page.waitForFunction((previous) => {
      const score = document.querySelector('.lp-learner__score');
      return score && Number(score.textContent?.replace(/^Score\s*/, '')) > previous;
    }, before);
  });

  it('transfers the learner with their history, shows them on the new board, and undoes it', async () => {
    await page.goto(`${baseUrl}/learners/${learnerId}`);
    const score = await scoreOf();
    await page.getByRole('button', { name: 'Transfer Student' }).click();
    const transfer = dialog('Choose Cohort');
    await transfer.getByText('Select the cohort to which the student is transferring.').waitFor();
    await checkAccessibility(page, 'transfer dialog', transfer);
    await transfer.getByRole('combobox').click();
    // The option is chosen from the keyboard, as Radix Select allows (Enter on the highlighted item).
    await page.getByRole('option', { name: away.name, exact: true }).focus();
    await page.keyboard.press('Enter');
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await toast(`Student transferred: ${learnerName} to ${away.name}`).waitFor();
    await page.getByText(`Cohort: ${away.name}`).waitFor();
    await page.getByText(`Before: ${home.name}`).waitFor();
    await page.getByText(`Transferred from ${home.name} to ${away.name}`).waitFor();
    expect(await scoreOf()).toBe(score);
    const board = await call<Array<{ id: number; score: number }>>(
      'GET',
      `/students?cohort=${away.id}`,
    );
    expect(board.body.find((learner) => learner.id === learnerId)?.score).toBe(score);

    await toast('Student transferred').getByRole('button', { name: 'Undo' }).click();
    await toast(`Transfer undone: ${learnerName} (${home.name})`).waitFor();
    await page.getByText(`Cohort: ${home.name}`).waitFor();
    // The History lists the tag removal undone earlier too: the transfer's own row says Undone.
    await page
      .getByRole('region', { name: 'History' })
      .getByRole('listitem')
      .filter({ hasText: `Transferred from ${home.name} to ${away.name}` })
      .getByText(/^Undone /)
      .waitFor();
  });

  it('from the board: double click opens the notes, the menu tags, a single click opens the overlay to transfer; the learner shows on the new dashboard; undo from the history', async () => {
    const card = page.locator('[aria-roledescription="draggable learner card"]').filter({
      has: page.locator('.lp-card__name', { hasText: learnerName }),
    });
    // The dashboard of a cohort: its board, or its capstone proposal list.
    const showDashboard = async (cohortId: number) => {
      await page.evaluate(
        (id) => window.localStorage.setItem('activeCohort', String(id)),
        cohortId,
      );
      await page.goto(`${baseUrl}/`);
      await page.locator('.lp-board, .lp-proposals').first().waitFor();
    };
    await showDashboard(home.id);
    await card.locator('.lp-card__name').dblclick();
    const notes = dialog(`Notes: ${learnerName}`);
    await notes.getByText('A Mental Health note').waitFor();
    await escapeFrom(notes);
    await notes.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: `Actions for ${learnerName}` }).click();
    await page.getByRole('menuitem', { name: 'Tag Learner' }).click();
    const tags = dialog(`Tag ${learnerName}`);
    await tags.getByRole('option', { name: `${tagName} (already tagged)` }).waitFor();
    await checkAccessibility(page, 'tag dialog', tags);
    await escapeFrom(tags);
    await tags.waitFor({ state: 'hidden' });

    await card.locator('.lp-card__name').click();
    await page.getByRole('heading', { name: learnerName, level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Transfer Student' }).click();
    await dialog('Choose Cohort').getByRole('combobox').click();
    await page.getByRole('option', { name: away.name, exact: true }).focus();
    await page.keyboard.press('Enter');
    await dialog('Choose Cohort').getByRole('button', { name: 'Transfer' }).click();
    await toast(`Student transferred: ${learnerName} to ${away.name}`).waitFor();
    // The learner has left this board: the overlay closes with them.
    await page.getByRole('heading', { name: learnerName, level: 2 }).waitFor({ state: 'hidden' });
    await card.waitFor({ state: 'detached' });

    await showDashboard(away.id);
    await page.getByText(learnerName).first().waitFor();

    await page.goto(`${baseUrl}/learners/${learnerId}`);
    await page
      .getByRole('button', { name: `Undo: Transferred from ${home.name} to ${away.name}` })
      .click();
    await toast(`Transfer undone: ${learnerName} (${home.name})`).waitFor();
    await showDashboard(home.id);
    await card.waitFor();
  });

  it("clears the learner's data after confirming, and undoes it from the toast", async () => {
    await page.goto(`${baseUrl}/learners/${learnerId}`);
    const score = await scoreOf();
    expect(score).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Clear Student Data' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText('Are you sure you want erase all previous data about this student?')
      .waitFor();
    await checkAccessibility(page, 'clear data dialog', confirm);
    await confirm.getByRole('button', { name: 'Clear Student Data' }).click();
    await toast(/data was cleared\. Removed .*1 learning record.*1 tag/).waitFor();
    await page.getByText('Cohort: none').waitFor();
    expect(await scoreOf()).toBe(0);
    await page.getByRole('button', { name: 'Start Tracking Core Skills' }).waitFor();

    await toast('data was cleared').getByRole('button', { name: 'Undo' }).click();
    await toast(`Student data restored: ${learnerName} (${home.name})`).waitFor();
    await page.getByText(`Cohort: ${home.name}`).waitFor();
    expect(await scoreOf()).toBe(score);
    await page.getByRole('heading', { name: 'Analytical Thinking (10)' }).waitFor();
    await page.getByRole('list', { name: 'Tags' }).getByText(tagName).waitFor();
  });

  it('sends 1:1 feedback from /feedback/new and returns to /', async () => {
    await page.goto(`${baseUrl}/learners/${learnerId}`);
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    await page.getByRole('heading', { name: 'Send Feedback to Student' }).waitFor();
    await checkAccessibility(page, 'feedback');
    await page.getByPlaceholder('Add feedback here...').fill('Great demo today');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(`${baseUrl}/`);
    const detail = await call<{ feedback: Array<{ notes: string }> }>(
      'GET',
      `/students/${learnerId}`,
    );
    expect(detail.body.feedback.map((item) => item.notes)).toEqual(['Great demo today']);
  });

  it('keeps notes and records from learners', async () => {
    const signInAs = await fetch(`${baseUrl}/api/accounts/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'student', password: DEMO_PASSWORD }),
    });
    const student = ((await signInAs.json()) as { token: string }).token;
    for (const path of [
      `/notes?studentId=${learnerId}`,
      `/records?studentId=${learnerId}`,
      '/tags',
      `/students/${learnerId}`,
    ]) {
      expect((await call('GET', path, undefined, student)).status, path).toBe(403);
    }
    expect((await call('DELETE', `/students/${learnerId}`, undefined, student)).status).toBe(403);
  });

  it('deletes the learner permanently after confirming', async () => {
    await page.goto(`${baseUrl}/learners/${learnerId}`);
    await page.getByRole('button', { name: 'Delete Student Permanently' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText(
        'Are you sure you want to completely remove this student from the Learning Platform?',
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete Student Permanently' }).click();
    await toast(/was removed from the Learning Platform\. Removed .*4 notes/).waitFor();
    await page.waitForURL(`${baseUrl}/`);
    expect((await call('GET', `/students/${learnerId}`)).status).toBe(404);
    learnerId = 0;
  });
});
