// The instructor dashboard walk of issue 5, signed in as the demo instructor: the demo cohort's
// board, moving learners with the mouse, the keyboard and the card menu, the drop rules, a
// self-assessment from start to 'Reviewed and Complete', search, shortcuts, and the capstone
// proposal review. The learners moved here are created for the walk and deleted afterwards.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from './support/axe.ts';
import { boardCard, boardColumn, cardHandle, dragCard as drag } from './support/board.ts';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';
import { readSessionToken, signIn } from './support/session.ts';
import { escapeFrom, renderedFrames } from './support/wait.ts';

const baseUrl = serverUrl();
const suffix = Date.now().toString(36);
const PASSWORD = 'long enough password';

interface CardData {
  id: number;
  name: string;
  book_id: number | null;
  book_name: string | null;
  project_name: string | null;
  assessment_status_id: number;
  tags: { id: number; tag: string }[];
  proposals: { id: number; current_status_id: number | null; course_name: string }[];
}
interface CourseData {
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
const created: number[] = [];

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

async function createLearner(
  first: string,
): Promise<{ id: number; name: string; username: string }> {
  const username = `e2e-${first.toLowerCase()}-${suffix}`;
  const answer = await call<{ id: number; name: string }>('POST', '/users', {
    username,
    password: PASSWORD,
    first_name: first,
    last_name: `Board${suffix}`,
    cohort: home.id,
  });
  expect(answer.status).toBe(201);
  created.push(answer.body.id);
  return { id: answer.body.id, name: `${first} Board${suffix}`, username };
}

/** The board's fuzzy name match: the typed characters in order, spaces ignored. */
function fuzzy(name: string, text: string): boolean {
  let at = 0;
  for (const char of text.toLowerCase().replace(/\s/g, '')) {
    at = name.toLowerCase().indexOf(char, at);
    if (at === -1) return false;
    at += 1;
  }
  return true;
}

const boardOf = async (cohortId: number) =>
  (await call<CardData[]>('GET', `/students?cohort=${cohortId}`)).body;
const toast = (text: string | RegExp) => page.locator('.lp-toast').filter({ hasText: text });
const board = () => page.locator('.lp-board');
const card = (name: string) => boardCard(page, name);
const column = (book: string, name: string) => boardColumn(page, book, name);
const assessmentColumn = (book: string, name: string) =>
  page.getByRole('region', { name: `${book}, ${name} self-assessment`, exact: true });
const searchBox = () => page.getByPlaceholder('Search learners & tags (s l)');

/** Drags a card with the mouse, on to the target column. */
const dragCard = (name: string, target: () => Locator) => drag(page, card(name), target);

async function openBoard() {
  await page.goto(`${baseUrl}/`);
  await board().waitFor();
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
});

afterAll(async () => {
  for (const id of created) await call('DELETE', `/students/${id}`);
  await session?.close();
});

describe('the learner board', () => {
  it('shows the demo cohort as book columns with learner counts and project columns', async () => {
    await openBoard();
    const cards = await boardOf(home.id);
    const counts = new Map<string, number>();
    for (const learner of cards) {
      if (learner.book_name)
        counts.set(learner.book_name, (counts.get(learner.book_name) ?? 0) + 1);
    }
    expect(counts.size).toBeGreaterThan(1);
    for (const [book, count] of counts) {
      const label = `${book}, ${count} ${count === 1 ? 'learner' : 'learners'}`;
      await page.getByRole('region', { name: label, exact: true }).waitFor();
    }
    // Every learner has one card.
    expect(await page.locator('[aria-roledescription="draggable learner card"]').count()).toBe(
      cards.length,
    );
    const someone = cards.find(
      (learner) => learner.assessment_status_id === 0 && learner.project_name,
    )!;
    await column(someone.book_name!, someone.project_name!)
      .getByText(someone.name, { exact: true })
      .waitFor();
    const first = await page.locator('.lp-column__header').first().textContent();
    expect(first?.length).toBeGreaterThan(0);
    expect(await page.title()).toBe(`Board: ${home.name} · Learning Platform`);
    await checkAccessibility(page, 'board (instructor)');
  });

  it("skips from the navbar to the first card's handle with 'Skip to content', the first Tab stop", async () => {
    await openBoard();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect.poll(() => skip.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page
          .locator('[aria-roledescription="draggable learner card"] .lp-card__handle')
          .first()
          .evaluate((first) => first === document.activeElement),
      )
      .toBe(true);
  });

  it('moves a learner to another project with the mouse, and says so', async () => {
    const mover = await createLearner('Mover');
    const book = course.books[0]!;
    const [start, next] = [...book.projects].sort((a, b) => a.index - b.index);
    await openBoard();
    await column(book.name, start!.name).getByText(mover.name).waitFor();
    await dragCard(mover.name, () => column(book.name, next!.name));
    await toast(`${mover.name} assigned to ${next!.name}`).waitFor();
    await column(book.name, next!.name).getByText(mover.name).waitFor();
    const saved = (await boardOf(home.id)).find((learner) => learner.id === mover.id);
    expect(saved?.project_name).toBe(next!.name);
  });

  it('warns when a learner leaves a book whose self-assessment is not reviewed and complete', async () => {
    const stayer = await createLearner('Stayer');
    const [book, nextBook] = [...course.books].sort((a, b) => a.index - b.index);
    await openBoard();
    await dragCard(stayer.name, () => column(nextBook!.name, nextBook!.projects[0]!.name));
    await toast('Self-assessment for this book not marked as reviewed and complete.').waitFor();
    const saved = (await boardOf(home.id)).find((learner) => learner.id === stayer.id);
    expect(saved?.book_id).toBe(book!.id);
  });

  it('moves a learner with the keyboard only, with announcements for screen readers', async () => {
    const keys = await createLearner('Keys');
    const book = course.books[0]!;
    const [start, next] = [...book.projects].sort((a, b) => a.index - b.index);
    await openBoard();
    await cardHandle(page, keys.name).focus();
    await page.keyboard.press('Space');
    await page.locator('.lp-board[data-expanded="true"]').waitFor();
    await column(book.name, next!.name).waitFor();
    // The drag library enables the expanded board's columns in an effect after the expansion
    // shows; the arrow steps among the enabled ones.
    await renderedFrames(page);
    await page.keyboard.press('ArrowRight');
    await page
      .getByText(`${keys.name} is over ${book.name}, ${next!.name}.`)
      .waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await page
      .getByText(`${keys.name} was dropped on ${book.name}, ${next!.name}.`)
      .waitFor({ state: 'attached' });
    await toast(`${keys.name} assigned to ${next!.name}`).waitFor();
    await column(book.name, next!.name).getByText(keys.name).waitFor();
    expect(await column(book.name, start!.name).getByText(keys.name).count()).toBe(0);
    // Focus moved with the card, so the next Tab goes on from there.
    await expect
      .poll(() =>
        column(book.name, next!.name)
          .getByRole('button', { name: `Move ${keys.name}` })
          .evaluate((handle) => handle === document.activeElement),
      )
      .toBe(true);
  });

  it('moves a learner from the card menu (Progress Tracking > Assign to project)', async () => {
    const menu = await createLearner('Menu');
    const book = course.books[0]!;
    const last = [...book.projects].sort((a, b) => b.index - a.index)[0]!;
    await openBoard();
    await page.getByRole('button', { name: `Actions for ${menu.name}` }).click();
    await page.getByRole('menuitem', { name: 'Assign to project' }).click();
    await page.getByRole('menuitem', { name: book.name, exact: true }).click();
    await page.getByRole('menuitem', { name: last.name }).click();
    await toast(`${menu.name} assigned to ${last.name}`).waitFor();
    await column(book.name, last.name).getByText(menu.name).waitFor();
    // The keyboard carries on from the card in its new column, not from the top of the page.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Move ${menu.name}`);
  });

  it('starts a self-assessment by a drop on the assessment column, and refuses a second one', async () => {
    const reviewer = await createLearner('Reviewer');
    const book = course.books[0]!;
    const assessment = book.assessments[0]!;
    await openBoard();
    await dragCard(reviewer.name, () => assessmentColumn(book.name, assessment.name));
    await toast('Student assigned to assessment').waitFor();
    const inAssessment = assessmentColumn(book.name, assessment.name);
    await inAssessment.getByText(reviewer.name).waitFor();
    await card(reviewer.name).and(page.locator('.lp-card--in-progress')).waitFor();
    await dragCard(reviewer.name, () => assessmentColumn(book.name, assessment.name));
    await toast('Student already assigned to assessment.').waitFor();
  });

  it("reviews it from the card menu: 'Ready for Review', then 'Reviewed and Complete' in the evaluation dialog", async () => {
    const book = course.books[0]!;
    const reviewer = (await boardOf(home.id)).find((learner) =>
      learner.name.startsWith('Reviewer Board'),
    )!;
    await openBoard();
    await card(reviewer.name).and(page.locator('.lp-card--in-progress')).waitFor();
    await page.getByRole('button', { name: `Actions for ${reviewer.name}` }).click();
    await page.getByText('Book Assessment', { exact: true }).waitFor();
    await checkAccessibility(page, 'card menu', page.getByRole('menu'));
    await page.getByRole('menuitem', { name: 'Assessment status' }).click();
    await page.getByRole('menuitem', { name: 'Ready for Review' }).click();
    await card(reviewer.name).and(page.locator('.lp-card--ready')).waitFor();
    await card(reviewer.name)
      .getByText(`Ready for Review · ${book.assessments[0]!.name}`)
      .waitFor();
    await page.getByRole('menu').first().waitFor({ state: 'detached' });

    await page.getByRole('button', { name: `Actions for ${reviewer.name}` }).click();
    await page.getByText('Book Assessment', { exact: true }).waitFor();
    await page.getByRole('menuitem', { name: 'Assessment status' }).click();
    await page.getByRole('menuitem', { name: 'Reviewed and Complete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assessment Evaluation' });
    await dialog.waitFor();
    const boxes = dialog.getByRole('checkbox');
    await boxes.first().waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const unmet = dialog.getByText(
      `Please validate that ${reviewer.name} has met all objectives before saving.`,
    );
    await unmet.waitFor();
    await unmet.waitFor({ state: 'detached' });
    for (const box of await boxes.all()) await box.click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please provide feedback before saving.').waitFor();
    await checkAccessibility(page, 'evaluation dialog', dialog);
    await dialog
      .getByLabel('Feedback')
      .fill('Clear vocabulary and a good grasp of the objectives.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await toast(`${reviewer.name}: Reviewed and Complete`).waitFor();
    await card(reviewer.name).and(page.locator('.lp-card--complete')).waitFor();
    const saved = (await boardOf(home.id)).find((learner) => learner.id === reviewer.id);
    expect(saved?.assessment_status_id).toBe(4);
  });

  it('opens the notes with a double click and the learner overlay with a single click', async () => {
    const name = (await boardOf(home.id)).find((learner) =>
      learner.name.startsWith('Mover Board'),
    )!.name;
    await openBoard();
    await card(name).locator('.lp-card__name').dblclick();
    const notes = page.getByRole('dialog', { name: `Notes: ${name}` });
    await notes.waitFor();
    await checkAccessibility(page, 'notes dialog', notes);
    await escapeFrom(notes);
    await notes.waitFor({ state: 'hidden' });
    await card(name).locator('.lp-card__name').click();
    await page.getByRole('heading', { name, level: 2 }).waitFor();
    await checkAccessibility(
      page,
      'learner overlay',
      page.getByRole('dialog', { name: `Learner: ${name}` }),
    );
    // The scroll lock's variable on <body> stays there (theme.css): were it inherited, opening and
    // closing any dialog would restyle every element of the board.
    const variable = (selector: string) =>
      page.evaluate(
        (target) =>
          getComputedStyle(document.querySelector(target) as Element).getPropertyValue(
            '--removed-body-scroll-bar-size',
          ),
        selector,
      );
    expect(await variable('body')).not.toBe('');
    expect(await variable('.lp-card')).toBe('');
    // Nor does Radix's pointer-events: none on <body> reach the board: the overlay takes the
    // pointer, and a click on it beside the dialog closes the dialog, not anything under it.
    const pointerEvents = (selector: string) =>
      page.evaluate(
        (target) => getComputedStyle(document.querySelector(target) as Element).pointerEvents,
        selector,
      );
    expect(await page.evaluate(() => document.body.style.pointerEvents)).toBe('none');
    expect(await pointerEvents('.lp-card')).toBe('auto');
    const cardBox = await card(name).boundingBox();
    await page.mouse.click(cardBox!.x + 4, cardBox!.y + 4);
    await page.getByRole('dialog', { name: `Learner: ${name}` }).waitFor({ state: 'hidden' });
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.body.style.pointerEvents)).toBe('');
  });

  it('restyles only what opening a dialog or a menu changes, not the whole board', async () => {
    await openBoard();
    // Radix puts its focus guards first in <body> as a dialog or menu opens. A selector with a
    // universal sibling before a descendant (`a + * b`) makes Chromium restyle the whole subtree
    // after such an insertion: the build names Radix Themes' one sibling (build/radix-sibling-rule.ts).
    const universalSiblings = await page.evaluate(() => {
      const found: string[] = [];
      const walk = (rules: CSSRuleList) => {
        for (const rule of rules) {
          if (rule instanceof CSSStyleRule && /[+~]\s*\*\s+[^\s,{]/.test(rule.selectorText))
            found.push(rule.selectorText);
          if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
        }
      };
      for (const sheet of document.styleSheets) walk(sheet.cssRules);
      return found;
    });
    expect(universalSiblings).toEqual([]);
    // The rule still does its work: no separator beside the chosen density.
    const densities = page.getByRole('radiogroup', { name: 'Cards' });
    const chosen = densities.locator('[data-state="on"]');
    await chosen.waitFor();
    const separatorAfter = await chosen.evaluate((item) => {
      const next = item.nextElementSibling?.querySelector('.rt-SegmentedControlItemSeparator');
      return next ? getComputedStyle(next).opacity : null;
    });
    expect(separatorAfter).toBe('0');
  });
});

describe('search and shortcuts', () => {
  it('searches learners by name (fuzzy) and by tag, and never breaks on "("', async () => {
    const cards = await boardOf(home.id);
    await openBoard();
    const target = cards.find((learner) => learner.name.startsWith('Keys Board'))!;
    // The typed characters in order, with gaps: 'Keys Board…' matches 'kybrd'.
    await searchBox().fill('kybrd');
    await card(target.name).waitFor();
    const shown = await page.locator('[aria-roledescription="draggable learner card"]').count();
    const expected = cards.filter((learner) => fuzzy(learner.name, 'kybrd')).length;
    expect(shown).toBe(expected);

    const tagged = cards.find((learner) => learner.tags.length > 0)!;
    const tag = tagged.tags[0]!.tag;
    await searchBox().fill(tag);
    await card(tagged.name).waitFor();
    const withTag = cards.filter(
      (learner) =>
        learner.tags.some((item) => item.tag.toLowerCase().includes(tag.toLowerCase())) ||
        fuzzy(learner.name, tag),
    ).length;
    await expect
      .poll(() => page.locator('[aria-roledescription="draggable learner card"]').count())
      .toBe(withTag);

    await searchBox().fill('(((');
    await page.getByText('No learners match the search.').waitFor();
    await searchBox().fill('');
    await card(target.name).waitFor();
  });

  it('toggles tags (t g) and avatars (t a), focuses the searches (s l, s c), and ignores keys typed in a field', async () => {
    await openBoard();
    const chips = () => page.locator('.lp-card .lp-tag-chip');
    const avatars = () => page.locator('.lp-card .rt-AvatarRoot');
    await chips().first().waitFor();
    const avatarCount = await avatars().count();
    expect(avatarCount).toBeGreaterThan(0);
    await page.locator('body').click({ position: { x: 5, y: 990 } });

    await page.keyboard.press('t');
    await page.keyboard.press('g');
    await expect.poll(() => chips().count()).toBe(0);
    await page.keyboard.press('t');
    await page.keyboard.press('g');
    await chips().first().waitFor();

    await page.keyboard.press('t');
    await page.keyboard.press('a');
    await expect.poll(() => avatars().count()).toBe(0);
    await page.keyboard.press('t');
    await page.keyboard.press('a');
    await expect.poll(() => avatars().count()).toBe(avatarCount);

    await page.keyboard.press('s');
    await page.keyboard.press('l');
    await expect
      .poll(() => searchBox().evaluate((element) => element === document.activeElement))
      .toBe(true);
    // Typed in the search box, 't g' and 's c' are just text.
    await page.keyboard.type('tgsc');
    expect(await searchBox().inputValue()).toBe('tgsc');
    await searchBox().fill('');
    await chips().first().waitFor();
    expect(await avatars().count()).toBe(avatarCount);

    await page.locator('body').click({ position: { x: 5, y: 990 } });
    await page.keyboard.press('s');
    await page.keyboard.press('c');
    const cohortSearch = page.getByPlaceholder('Search cohorts (s c)');
    await expect
      .poll(() => cohortSearch.evaluate((element) => element === document.activeElement))
      .toBe(true);

    const panel = page.getByRole('region', { name: 'Keyboard shortcuts' });
    for (const action of ['Toggle tags', 'Toggle avatars', 'Search learners', 'Search cohorts']) {
      await panel.getByText(action).waitFor();
    }
  });
});

describe('a capstone cohort', () => {
  it('switches a cohort to capstone and reviews a proposal, then revokes the approval', async () => {
    // A cohort (not the instructor's board cohort) with a submitted proposal waiting for review.
    const cohorts = (await call<{ id: number; name: string }[]>('GET', '/cohorts?active=true'))
      .body;
    let found: { cohort: { id: number; name: string }; learner: CardData } | undefined;
    for (const candidate of cohorts.filter((item) => item.id !== home.id)) {
      const courseName = (
        await call<CourseData[]>('GET', `/courses?cohortId=${candidate.id}&active=true`)
      ).body[0]?.name;
      const learner = (await boardOf(candidate.id)).find((item) =>
        item.proposals.some(
          (proposal) => proposal.course_name === courseName && proposal.current_status_id === null,
        ),
      );
      if (learner) {
        found = { cohort: candidate, learner };
        break;
      }
    }
    expect(found).toBeDefined();
    const { cohort, learner } = found!;

    // The Capstone switch of the cohorts screen (persisted on the server).
    await call('PUT', `/cohorts/${cohort.id}`, { capstone: false });
    await page.goto(`${baseUrl}/cohorts`);
    await page
      .getByRole('group', { name: cohort.name })
      .getByRole('button', { name: cohort.name })
      .click();
    const overlay = page.getByRole('dialog', { name: cohort.name });
    const capstoneSwitch = overlay.getByRole('switch', { name: 'Capstone:' });
    await capstoneSwitch.click();
    await expect.poll(() => capstoneSwitch.getAttribute('aria-checked')).toBe('true');
    await expect
      .poll(
        async () =>
          (await call<{ capstone: boolean }>('GET', `/cohorts/${cohort.id}`)).body.capstone,
      )
      .toBe(true);

    await openBoard();
    await page
      .getByRole('navigation', { name: 'Active cohorts' })
      .getByRole('button', { name: cohort.name, exact: true })
      .click();
    const list = page.getByRole('region', { name: 'Capstone proposals' });
    await list.waitFor();
    await page.getByText(/^\d+ \/ \d+ @ MVP$/).waitFor();
    const headings = await list.getByRole('heading', { level: 3 }).allTextContents();
    const order = [
      'Submitted',
      'Being Reviewed',
      'Requires Changes',
      'Approved',
      'Not Submitted',
      'MVP',
    ];
    const seen = headings.map((text) => text.replace(/\s*\(\d+\)$/, ''));
    expect(seen).toEqual(order.filter((name) => seen.includes(name)));
    await checkAccessibility(page, 'capstone board (instructor)');

    const select = list.getByRole('combobox', { name: `Proposal status of ${learner.name}` });
    await select.selectOption({ label: 'Approved' });
    await toast(`${learner.name}: Approved`).waitFor();
    const approved = list.getByRole('region', { name: /^Approved, \d+$/ });
    await approved.getByRole('button', { name: learner.name }).waitFor();

    const row = approved
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: learner.name }) });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await checkAccessibility(page, 'revoke approval dialog', page.getByRole('alertdialog'));
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke approval' }).click();
    await toast(`Approval of ${learner.name}'s proposal revoked`).waitFor();
    await list
      .getByRole('region', { name: /^Submitted, \d+$/ })
      .getByRole('button', { name: learner.name })
      .waitFor();

    await page
      .getByRole('navigation', { name: 'Active cohorts' })
      .getByRole('button', { name: home.name, exact: true })
      .click();
    await board().waitFor();
  });
});
