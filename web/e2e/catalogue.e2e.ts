import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from './support/axe.ts';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';
import { readSessionToken, signIn } from './support/session.ts';

// The catalogue walk of issue 3, as staff: create a course, two books, core, group and
// full-stack projects, a self-assessment; edit each; deprecate a project; see the charts of a
// demo course; delete with confirmation. Then a learner is refused every change.

const baseUrl = serverUrl();
const courseName = 'Web Basics E2E';

let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  session = await connectBrowser();
  page = await session.context.newPage();
  await signIn(page, baseUrl, 'staff');
});

afterAll(async () => {
  await session?.close();
});

const heading = (name: string | RegExp) =>
  page.getByRole('heading', { name, level: 1, exact: typeof name === 'string' });
const list = (name: string) => page.getByRole('list', { name, exact: true });
const button = (name: string) => page.getByRole('button', { name, exact: true });
const link = (name: string) => page.getByRole('link', { name, exact: true });
const toast = (text: string) => page.locator('.lp-toast').filter({ hasText: text });
const undoIn = (text: string) => toast(text).getByRole('button', { name: 'Undo' }).click();

async function confirmDialog(confirmLabel: string) {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: confirmLabel }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Deletes what the page shows after confirming, and sees the page it goes back to list `left`. */
async function deleteAndSee(action: string, back: RegExp, listName: string, left: string[]) {
  await button(action).click();
  await confirmDialog(action);
  await page.waitForURL(back);
  await list(listName).waitFor();
  await expect.poll(() => list(listName).getByRole('link').allTextContents()).toEqual(left);
}

async function addProject(
  name: string,
  position: string,
  options: { client?: string; api?: string } = {},
) {
  await link('Add Project').click();
  await page.getByRole('heading', { name: /> New Project$/ }).waitFor();
  await page.getByLabel('Project name').fill(name);
  await page.getByLabel('Position in book').fill(position);
  if (options.client) {
    await page.getByRole('checkbox', { name: 'Group project' }).click();
    await page.getByLabel('Client side template URL').fill(options.client);
  }
  if (options.api) {
    await page.getByRole('checkbox', { name: 'Full stack project?' }).click();
    await page.getByLabel('API template URL').fill(options.api);
  }
  await button('Save').click();
  await page.getByRole('region', { name: 'Core Projects' }).waitFor();
}

describe('catalogue, as staff', () => {
  it('creates a course with two books', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Courses' })
      .click();
    await heading('Courses').waitFor();
    await list('Active courses')
      .getByRole('link', { name: /JavaScript/ })
      .waitFor();
    await checkAccessibility(page, 'courses');

    await link('Create Course').click();
    await page.getByRole('heading', { name: 'New Course' }).waitFor();
    expect(await page.title()).toBe('New Course · Learning Platform');
    await checkAccessibility(page, 'new course');
    await page.getByLabel('Course name').fill(courseName);
    await button('Save').click();
    await heading(new RegExp(courseName)).waitFor();
    await page.getByText('This course has no books yet').waitFor();
    expect(await page.title()).toBe(`Course: ${courseName} · Learning Platform`);
    await checkAccessibility(page, 'course without books');

    for (const name of ['Components', 'State']) {
      await link('Add Book').click();
      await page.getByRole('heading', { name: `New Book for ${courseName} Course` }).waitFor();
      if (name === 'Components') await checkAccessibility(page, 'new book');
      await page.getByLabel('Book name').fill(name);
      await page.getByLabel('Description').fill(`All about ${name.toLowerCase()}`);
      await button('Save').click();
      await list('Books')
        .getByRole('link', { name: new RegExp(`^${name}`) })
        .waitFor();
    }
    await expect
      .poll(() => list('Books').getByRole('link').allTextContents())
      .toEqual(['Components0 projects', 'State0 projects']);
  });

  it('adds core, group and full-stack projects with their template URLs', async () => {
    await list('Books')
      .getByRole('link', { name: /^Components/ })
      .click();
    await heading(new RegExp(`${courseName}.*Components`)).waitFor();
    expect(await page.title()).toBe('Book: Components · Learning Platform');
    await checkAccessibility(page, 'book without projects');

    await link('Add Project').click();
    await page.getByRole('heading', { name: /> New Project$/ }).waitFor();
    await checkAccessibility(page, 'new project');
    await page.goBack();
    await addProject('Kennels', '0');
    await addProject('Group: Honey Rae', '1', {
      client: 'https://github.com/templates/honey-rae-client',
    });
    await addProject('Group: Shop Full Stack', '2', {
      client: 'https://github.com/templates/shop-client',
      api: 'https://github.com/templates/shop-api',
    });
    await expect
      .poll(() => list('Core Projects').getByRole('link').allTextContents())
      .toEqual(['Kennels']);
    await expect
      .poll(() => list('Group Project').getByRole('link').allTextContents())
      .toEqual(['Group: Honey Rae', 'Group: Shop Full Stack']);

    await list('Group Project').getByRole('link', { name: 'Group: Shop Full Stack' }).click();
    await heading(/Group: Shop Full Stack$/).waitFor();
    expect(await page.getByText('Group project', { exact: true }).isVisible()).toBe(true);
    expect(await link('https://github.com/templates/shop-client').getAttribute('href')).toBe(
      'https://github.com/templates/shop-client',
    );
    expect(await link('https://github.com/templates/shop-api').isVisible()).toBe(true);
    expect(await page.title()).toBe('Project: Group: Shop Full Stack · Learning Platform');
    await checkAccessibility(page, 'project');
    await link('Components').click();
    await list('Core Projects').waitFor();
  });

  it('adds a self-assessment with objectives, after which Add Self-Assessment is gone', async () => {
    await link('Add Self-Assessment').click();
    await heading('New Assessment').waitFor();
    await checkAccessibility(page, 'new assessment');
    const book = page.getByLabel('Book', { exact: true });
    expect(await book.locator('option:checked').textContent()).toBe(`${courseName} - Components`);
    await page.getByLabel('Name:').fill('Components self-assessment');
    await page.getByLabel('Source URL:').fill('https://github.com/templates/components-check');
    const objectives = page
      .getByRole('group', { name: 'Learning objectives' })
      .getByRole('checkbox');
    await objectives.nth(0).click();
    await objectives.nth(1).click();
    await button('Create').click();

    await list('Assessment').getByRole('link', { name: 'Components self-assessment' }).waitFor();
    await expect.poll(() => link('Add Self-Assessment').count()).toBe(0);
  });

  it('edits the course, a book, a project and the self-assessment', async () => {
    // The assessment: one objective fewer.
    await list('Assessment').getByRole('link', { name: 'Components self-assessment' }).click();
    await heading('Edit Assessment').waitFor();
    const checked = page
      .getByRole('group', { name: 'Learning objectives' })
      .getByRole('checkbox', { checked: true });
    await expect.poll(() => checked.count()).toBe(2);
    await checked.first().click();
    await page.getByLabel('Name:').fill('Components check');
    await button('Update').click();
    await list('Assessment').getByRole('link', { name: 'Components check' }).waitFor();

    // A project: renamed.
    await list('Core Projects').getByRole('link', { name: 'Kennels' }).click();
    await link('Edit Project').click();
    await page.getByLabel('Project name').fill('Nashville Kennels');
    await button('Save').click();
    await list('Core Projects').getByRole('link', { name: 'Nashville Kennels' }).waitFor();

    // The book.
    await link('Edit Book').click();
    await page.getByRole('heading', { name: 'Update Book' }).waitFor();
    await page.getByLabel('Book name').fill('React Components');
    await button('Save').click();
    await list('Books')
      .getByRole('link', { name: /^React Components/ })
      .waitFor();
    expect(
      await list('Books')
        .getByRole('link', { name: /^React Components/ })
        .textContent(),
    ).toBe('React Components3 projects');

    // The course.
    await link('Edit Course').click();
    await page.getByRole('heading', { name: 'Edit Course' }).waitFor();
    await page.getByLabel('Course name').fill(`${courseName} II`);
    await button('Save').click();
    await heading(new RegExp(`${courseName} II`)).waitFor();
  });

  it('deprecates a project: it moves to Deprecated Projects', async () => {
    await list('Books')
      .getByRole('link', { name: /^React Components/ })
      .click();
    await list('Core Projects').getByRole('link', { name: 'Nashville Kennels' }).click();
    await link('Edit Project').click();
    await page.getByRole('checkbox', { name: 'Active' }).click();
    await button('Save').click();
    await list('Deprecated Projects').getByRole('link', { name: 'Nashville Kennels' }).waitFor();
    await page.getByText('No core projects.').waitFor();
  });

  it('lists the self-assessment on the assessment list', async () => {
    await page.goto(`${baseUrl}/assessments`);
    await heading('Assessments').waitFor();
    const card = page.getByRole('article', { name: 'Components check' });
    await card.waitFor();
    expect(await card.getByText(`React Components - ${courseName} II`).isVisible()).toBe(true);
    expect(
      await card.getByRole('link', { name: 'Components check', exact: true }).getAttribute('href'),
    ).toBe('https://github.com/templates/components-check');
    // The demo curriculum's assessments are listed too.
    expect(await page.getByRole('article').count()).toBeGreaterThan(1);
    await checkAccessibility(page, 'assessments');
  });

  it('shows both charts on a demo course', async () => {
    await page.goto(`${baseUrl}/courses`);
    await list('Active courses')
      .getByRole('link', { name: /^JavaScript/ })
      .click();
    await heading(/JavaScript/).waitFor();
    const charts = page.getByRole('region', { name: 'Course charts' });
    await charts.waitFor();
    const bubble = charts.getByRole('img', { name: /bubble chart/ });
    const bar = charts.getByRole('img', { name: /bar chart/ });
    await bubble.waitFor();
    await bar.waitFor();
    const size = await bubble.boundingBox();
    expect(size?.width).toBeGreaterThan(200);
    expect(size?.height).toBeGreaterThan(200);
    await checkAccessibility(page, 'course with charts');
  });

  it('refuses to delete a project learners are assigned to, and says why', async () => {
    await page.goto(`${baseUrl}/courses`);
    await list('Active courses')
      .getByRole('link', { name: /^JavaScript/ })
      .click();
    await list('Books')
      .getByRole('link', { name: /^Book 1/ })
      .click();
    const first = list('Core Projects').getByRole('link').first();
    const name = (await first.textContent()) ?? '';
    await first.click();
    await button('Delete Project').click();
    await confirmDialog('Delete Project');
    await page
      .getByRole('alert')
      .filter({ hasText: 'This project has learners assigned; deprecate it instead.' })
      .waitFor();
    expect(await heading(new RegExp(`${name}$`)).isVisible()).toBe(true);
  });

  it('deletes a project, a book and the course, each after confirming', async () => {
    await page.goto(`${baseUrl}/courses`);
    await list('Active courses')
      .getByRole('link', { name: new RegExp(`^${courseName} II`) })
      .click();

    // A project nobody was assigned to; cancelling first keeps it.
    await list('Books')
      .getByRole('link', { name: /^React Components/ })
      .click();
    await list('Group Project').getByRole('link', { name: 'Group: Honey Rae' }).click();
    await button('Delete Project').click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await checkAccessibility(page, 'delete project dialog', dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await heading(/Group: Honey Rae$/).waitFor();
    const deleteHoneyRae = () =>
      deleteAndSee('Delete Project', /\/books\/\d+$/, 'Group Project', ['Group: Shop Full Stack']);
    await deleteHoneyRae();
    // Its toast's Undo brings it back, with its id; then it goes for good.
    await undoIn('Group: Honey Rae deleted.');
    await toast('Group: Honey Rae is back.').waitFor();
    await expect
      .poll(async () => (await list('Group Project').getByRole('link').allTextContents()).sort())
      .toEqual(['Group: Honey Rae', 'Group: Shop Full Stack']);
    await list('Group Project').getByRole('link', { name: 'Group: Honey Rae' }).click();
    await heading(/Group: Honey Rae$/).waitFor();
    expect(await page.getByText('https://github.com/templates/honey-rae-client').count()).toBe(1);
    await deleteHoneyRae();

    // The other book.
    await link(`${courseName} II`).click();
    await list('Books')
      .getByRole('link', { name: /^State/ })
      .click();
    await deleteAndSee('Delete Book', /\/courses\/\d+$/, 'Books', ['React Components2 projects']);
    // Its toast's Undo brings the book back with its projects.
    await undoIn('State deleted.');
    await toast('State is back, with its projects and self-assessment.').waitFor();
    await expect
      .poll(() => list('Books').getByRole('link').allTextContents())
      .toEqual(['React Components2 projects', expect.stringMatching(/^State.*projects?$/)]);

    // The course: deactivated, listed under inactive courses; Undo makes it active again.
    await button('Delete Course').click();
    await confirmDialog('Delete Course');
    await page.waitForURL(`${baseUrl}/courses`);
    const course = (where: string) =>
      list(where).getByRole('link', { name: new RegExp(`^${courseName} II`) });
    await course('Inactive courses').waitFor();
    await undoIn(`${courseName} II is now inactive.`);
    await toast(`${courseName} II is active again.`).waitFor();
    await course('Active courses').waitFor();
  });

  it('adds, renames and re-weights a learning objective', async () => {
    await page.goto(`${baseUrl}/courses`);
    await link('Learning Objectives').click();
    await heading(/Learning Objectives/).waitFor();
    await page.getByLabel('New objective label').fill('Explain props and state');
    await page.getByLabel('New objective weight').fill('15');
    await button('Add Objective').click();
    const row = page.getByRole('row', { name: /Explain props and state/ });
    await row.waitFor();
    await button('Edit Explain props and state').click();
    const form = page.getByRole('form', { name: 'Edit Explain props and state' });
    await form.getByLabel('Label').fill('Explain props and state in React');
    await form.getByLabel('Weight').fill('20');
    await form.getByRole('button', { name: 'Save' }).click();
    const renamed = page.getByRole('row', { name: /Explain props and state in React/ });
    await renamed.waitFor();
    expect(await renamed.getByRole('cell').first().textContent()).toBe('20');
    expect(await page.title()).toBe('Learning Objectives · Learning Platform');
    await checkAccessibility(page, 'learning objectives');

    // The save's toast undoes it: the label and weight as they were.
    await undoIn('Objective saved.');
    await toast('Explain props and state: changes undone.').waitFor();
    const restored = page.getByRole('row').filter({
      has: page.getByRole('rowheader', { name: 'Explain props and state', exact: true }),
    });
    await expect.poll(() => restored.getByRole('cell').first().textContent()).toBe('15');
    // An objective added by mistake goes again from its toast.
    await page.getByLabel('New objective label').fill('Added by mistake');
    await page.getByLabel('New objective weight').fill('5');
    await button('Add Objective').click();
    const mistake = page.getByRole('row', { name: /Added by mistake/ });
    await mistake.waitFor();
    await undoIn('Added by mistake added.');
    await toast('Added by mistake removed again.').waitFor();
    await mistake.waitFor({ state: 'detached' });
    // A deleted objective comes back from its toast.
    await button('Delete Explain props and state').click();
    await confirmDialog('Delete Objective');
    await restored.waitFor({ state: 'detached' });
    await undoIn('Explain props and state deleted.');
    await toast(
      'Explain props and state is back, in the self-assessments that listed it.',
    ).waitFor();
    await restored.waitFor();
  });
});

describe('catalogue, as a learner', () => {
  it('is refused every change (403)', async () => {
    const learnerPage = await session.browser.newPage();
    await signIn(learnerPage, baseUrl, 'student');
    const token = await readSessionToken(learnerPage);
    await learnerPage.close();
    const call = (method: string, path: string, body?: object) =>
      fetch(`${baseUrl}/api${path}`, {
        method,
        headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
    const courses = (await (await call('GET', '/courses')).json()) as Array<{ id: number }>;
    expect(courses.length).toBeGreaterThan(0);
    const courseId = courses[0]!.id;
    const statuses = [
      (await call('POST', '/courses', { name: 'Sneaky' })).status,
      (await call('PUT', `/courses/${courseId}`, { name: 'Sneaky' })).status,
      (await call('DELETE', `/courses/${courseId}`)).status,
      (await call('POST', '/weights', { label: 'Sneaky', weight: 1 })).status,
    ];
    expect(statuses).toEqual([403, 403, 403, 403]);
  });
});
