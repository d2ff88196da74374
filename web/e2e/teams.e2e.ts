import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkAccessibility } from './support/axe.ts';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { readSessionToken, signIn } from './support/session.ts';
import { type RunningServer, startServer } from './support/start-server.ts';
import { renderedFrames, waitForCount } from './support/wait.ts';

// The teams walk: an instructor builds teams for the active (demo) cohort with Random, saves
// them, sees them, and deletes them after confirming. On a server of its own: a learner another
// file adds to the demo cohort meanwhile would change the builder's layout under the keyboard
// moves, which go to the nearest team in the arrow's direction.

let server: RunningServer;
let baseUrl: string;

let session: BrowserSession;
let page: Page;
let token: string | null = null;
let cohort: string | null = null;

const badgeOf = (learnerId: string) => `[data-learner-id="${learnerId}"]`;

/**
 * A pointer drag of a learner's badge, in small steps so the drag sensor starts and the drop
 * target is found; done when the badge shows in the target.
 */
async function dragTo(learnerId: string, target: Locator) {
  const from = await page.locator(badgeOf(learnerId)).boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  await target.locator(badgeOf(learnerId)).waitFor();
}

/**
 * Picks a badge up with Space, moves it with one arrow, drops it with Space; each key once the
 * previous one has shown: the badge pressed, then what a screen reader is told.
 */
async function keyboardMove(learnerId: string, arrow: 'ArrowLeft' | 'ArrowRight', to: string) {
  const badge = page.locator(badgeOf(learnerId));
  const name = await badge.textContent();
  const announced = (text: string) =>
    page.getByText(text, { exact: true }).waitFor({ state: 'attached' });
  await badge.focus();
  await page.keyboard.press('Space');
  await page.locator(`${badgeOf(learnerId)}[aria-pressed="true"]`).waitFor();
  // dnd-kit's keyboard sensor starts listening for the arrows in a task it queues on pick-up;
  // once two more frames have rendered that task has run, so the arrow is not pressed before
  // anyone listens.
  await renderedFrames(page);
  await page.keyboard.press(arrow);
  await announced(`${name} is over ${to}.`);
  await page.keyboard.press('Space');
  await announced(`${name} was dropped on ${to}.`);
}

/** The cohort's saved teams, as the API lists them (ids, names, members, channels). */
async function savedTeams(): Promise<unknown[]> {
  const response = await fetch(`${baseUrl}/api/teams?cohort=${cohort}`, {
    headers: { Authorization: `Token ${token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as unknown[];
}

// Open toasts only: one that is leaving may still be in the page.
const toast = (text: string | RegExp) =>
  page.locator('.lp-toast[data-state="open"]').filter({ hasText: text });

/** Random teams for every learner, saved; done when the saved teams show. */
async function saveRandomTeams() {
  await page.getByRole('button', { name: 'Random' }).click();
  await page.getByLabel('Slack channel prefix').fill('Week2');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('button', { name: 'Delete Current Teams' }).waitFor();
}

/**
 * How the builder is drawn: each learner a badge with a ground of its own and room before the
 * next (not one run of names), each team a box with a border, several boxes to a row.
 */
function builderLook() {
  return page.evaluate(() => {
    const pool = document.querySelector('section[aria-label="Unassigned learners"]');
    const badges = [...(pool?.querySelectorAll('[data-learner-id]') ?? [])].map((badge) => ({
      box: badge.getBoundingClientRect(),
      ground: getComputedStyle(badge).backgroundColor,
    }));
    const touching = badges.filter(({ box }, at) => {
      const before = badges[at - 1]?.box;
      return before && Math.abs(before.top - box.top) < 1 && box.left - before.right < 2;
    }).length;
    const teams = [...document.querySelectorAll('section[aria-label^="Team "]')];
    return {
      badges: badges.length,
      withGround: badges.filter(({ ground }) => ground !== 'rgba(0, 0, 0, 0)').length,
      touching,
      teams: teams.length,
      bordered: teams.filter((team) => Number.parseFloat(getComputedStyle(team).borderTopWidth) > 0)
        .length,
      rows: new Set(teams.map((team) => Math.round(team.getBoundingClientRect().top))).size,
    };
  });
}

/** Waits for the builder's feedback line to say exactly this. */
const feedbackSays = (text: string) =>
  page.locator('.teams-feedback').getByText(text, { exact: true }).waitFor();

beforeAll(async () => {
  server = await startServer({ webDist: inject('webDist') });
  baseUrl = server.url;
  session = await connectBrowser();
  page = await session.context.newPage();
  await signIn(page, baseUrl, 'instructor');
  // Start from no saved teams, whatever an earlier run left.
  token = await readSessionToken(page);
  cohort = await page.evaluate(() => window.localStorage.getItem('activeCohort'));
  await fetch(`${baseUrl}/api/teams/reset?cohort=${cohort}`, {
    method: 'DELETE',
    headers: { Authorization: `Token ${token}` },
  });
});

afterAll(async () => {
  await session?.close();
  await server?.stop();
});

describe('teams, as an instructor', () => {
  it('builds teams with Random, saves them, sees them and deletes them after confirming', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Teams' })
      .click();
    await page.getByRole('heading', { name: 'Teams' }).waitFor();
    const pool = page.getByRole('region', { name: 'Unassigned learners' });
    await pool.locator('[data-learner-id]').first().waitFor();
    const learners = await pool.locator('[data-learner-id]').count();
    const count = Number(await page.getByLabel('How many teams').inputValue());
    expect(count).toBe(Math.ceil(learners / 4));
    const look = await builderLook();
    expect(look).toMatchObject({ badges: learners, withGround: learners, touching: 0 });
    expect(look).toMatchObject({ teams: count, bordered: count });
    expect(look.rows).toBeLessThan(count);
    await checkAccessibility(page, 'team builder');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await feedbackSays('Error: One or more teams are empty');
    // The message clears after 3 s and the builder under it stays where it was.
    const builderTop = async () => (await pool.boundingBox())?.y;
    const before = await builderTop();
    await page
      .locator('.teams-feedback')
      .getByText('Error: One or more teams are empty')
      .waitFor({ state: 'detached' });
    expect(await builderTop()).toBe(before);

    // Drag a badge from the pool into Team 1, on to Team 2, and back into the pool.
    const learnerId = await pool
      .locator('[data-learner-id]')
      .first()
      .getAttribute('data-learner-id');
    if (!learnerId) throw new Error('a badge without a learner id');
    const badges = (region: Locator) => region.locator('[data-learner-id]');
    const team = (n: number) => page.getByRole('region', { name: `Team ${n}`, exact: true });
    await dragTo(learnerId, team(1));
    await waitForCount(badges(team(1)), 1);
    await waitForCount(badges(pool), learners - 1);
    if (count > 1) {
      await dragTo(learnerId, team(2));
      await waitForCount(badges(team(2)), 1);
      await waitForCount(badges(team(1)), 0);
      await waitForCount(badges(pool), learners - 1);
    }
    await dragTo(learnerId, pool);
    await waitForCount(badges(pool), learners);

    // The same with the keyboard: Space picks up, the arrows choose, Space drops.
    await keyboardMove(learnerId, 'ArrowRight', 'Team 1');
    await team(1).locator(badgeOf(learnerId)).waitFor();
    await keyboardMove(learnerId, 'ArrowLeft', 'the unassigned learners');
    await pool.locator(badgeOf(learnerId)).waitFor();
    await waitForCount(badges(pool), learners);

    await page.getByRole('button', { name: 'Random' }).click();
    await waitForCount(badges(pool), 0);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await feedbackSays('Error: Please provide a Slack channel prefix');

    await page.getByLabel('Slack channel prefix').fill('Week1');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Teams saved', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete Current Teams' }).waitFor();
    for (let n = 1; n <= count; n += 1) {
      await page.getByRole('region', { name: `Team ${n}`, exact: true }).waitFor();
    }
    expect(await page.getByRole('button', { name: 'Migrate tickets' }).count()).toBe(count);
    const placed = await page.locator('.teams-box .teams-badge').count();
    expect(placed).toBe(learners);
    await checkAccessibility(page, 'saved teams');

    await page.getByRole('button', { name: 'Migrate tickets' }).first().click();
    await page.getByText(/^Error: .*does not have any repositories/).waitFor();

    await page.getByRole('button', { name: 'Delete Current Teams' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.waitFor();
    await checkAccessibility(page, 'delete teams dialog', dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Delete Current Teams' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Delete Current Teams' }).click();
    await dialog.getByRole('button', { name: 'Delete Current Teams' }).click();
    await page.getByText('Teams deleted', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Random' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete Current Teams' }).count()).toBe(0);
  });

  it('undoes a save and a delete from their toasts: the teams before each are back', async () => {
    await page.goto(`${baseUrl}/teams`);
    await page.getByRole('button', { name: 'Random' }).waitFor();
    expect(await savedTeams()).toEqual([]);

    // Save, then Undo: no teams again, as before the save.
    await saveRandomTeams();
    const saved = await savedTeams();
    expect(saved.length).toBeGreaterThan(0);
    const savedToast = toast(`${saved.length} teams saved.`);
    await savedToast.getByRole('button', { name: 'Undo' }).click();
    await toast(/^Save undone: /).waitFor();
    await page.getByRole('button', { name: 'Random' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete Current Teams' }).count()).toBe(0);
    expect(await savedTeams()).toEqual([]);
    // Its toast goes with its Undo: there is nothing left to undo.
    await savedToast.waitFor({ state: 'detached' });

    // Save again, delete, then Undo: the same teams are back, members and numbers alike.
    await saveRandomTeams();
    const before = await savedTeams();
    await page.getByRole('button', { name: 'Delete Current Teams' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Delete Current Teams' })
      .click();
    const deletedToast = toast(`${before.length} teams deleted.`);
    await deletedToast.waitFor();
    await page.getByRole('button', { name: 'Random' }).waitFor();
    expect(await savedTeams()).toEqual([]);
    await deletedToast.getByRole('button', { name: 'Undo' }).click();
    await toast(/^Delete undone: /).waitFor();
    await page.getByRole('button', { name: 'Delete Current Teams' }).waitFor();
    for (let n = 1; n <= before.length; n += 1)
      await page.getByRole('region', { name: `Team ${n}`, exact: true }).waitFor();
    expect(await savedTeams()).toEqual(before);
    await deletedToast.waitFor({ state: 'detached' });
    expect(await page.locator('.teams-box .teams-badge').count()).toBe(
      (before as { students: unknown[] }[]).reduce((n, team) => n + team.students.length, 0),
    );
  });
});
