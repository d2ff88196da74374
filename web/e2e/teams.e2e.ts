import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, launchBrowser } from './support/browser.ts';
import { readSessionToken, signIn } from './support/session.ts';

// The teams walk: an instructor builds teams for the active (demo) cohort with Random, saves
// them, sees them, and deletes them after confirming.

const baseUrl = inject('baseUrl');

let session: BrowserSession;
let page: Page;

/** A pointer drag, in small steps so the drag sensor starts and the drop target is found. */
async function dragTo(source: Locator, target: Locator) {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  // The drag sensor swallows clicks for 50 ms after a drop; a person is never that quick.
  await page.waitForTimeout(100);
}

/** Picks a badge up with Space, one arrow, drops with Space (the sensor listens a tick later). */
async function keyboardMove(badge: Locator, arrow: 'ArrowLeft' | 'ArrowRight') {
  await badge.focus();
  for (const key of ['Space', arrow, 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(100);
  }
}

const feedback = () => page.locator('.teams-feedback');

beforeAll(async () => {
  session = await launchBrowser();
  page = await session.context.newPage();
  await signIn(page, baseUrl, 'instructor');
  // Start from no saved teams, whatever an earlier run left.
  const token = await readSessionToken(page);
  const cohort = await page.evaluate(() => window.localStorage.getItem('activeCohort'));
  await fetch(`${baseUrl}/api/teams/reset?cohort=${cohort}`, {
    method: 'DELETE',
    headers: { Authorization: `Token ${token}` },
  });
});

afterAll(async () => {
  await session?.close();
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

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await feedback().textContent()).toBe('Error: One or more teams are empty');

    // Drag a badge from the pool into Team 1, on to Team 2, and back into the pool.
    const first = pool.locator('[data-learner-id]').first();
    const learnerId = await first.getAttribute('data-learner-id');
    const badge = page.locator(`[data-learner-id="${learnerId}"]`);
    const team = (n: number) => page.getByRole('region', { name: `Team ${n}`, exact: true });
    await dragTo(badge, team(1));
    expect(await team(1).locator(`[data-learner-id="${learnerId}"]`).count()).toBe(1);
    expect(await pool.locator('[data-learner-id]').count()).toBe(learners - 1);
    if (count > 1) {
      await dragTo(badge, team(2));
      expect(await team(2).locator(`[data-learner-id="${learnerId}"]`).count()).toBe(1);
      expect(await team(1).locator('[data-learner-id]').count()).toBe(0);
      expect(await pool.locator('[data-learner-id]').count()).toBe(learners - 1);
    }
    await dragTo(badge, pool);
    expect(await pool.locator('[data-learner-id]').count()).toBe(learners);

    // The same with the keyboard: Space picks up, the arrows choose, Space drops.
    await keyboardMove(badge, 'ArrowRight');
    await team(1).locator(`[data-learner-id="${learnerId}"]`).waitFor();
    await keyboardMove(badge, 'ArrowLeft');
    await pool.locator(`[data-learner-id="${learnerId}"]`).waitFor();
    expect(await pool.locator('[data-learner-id]').count()).toBe(learners);

    await page.getByRole('button', { name: 'Random' }).click();
    expect(await pool.locator('[data-learner-id]').count()).toBe(0);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await feedback().textContent()).toBe('Error: Please provide a Slack channel prefix');

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

    await page.getByRole('button', { name: 'Migrate tickets' }).first().click();
    expect(
      await page
        .getByText(/^Error: /)
        .first()
        .textContent(),
    ).toContain('does not have any repositories');

    await page.getByRole('button', { name: 'Delete Current Teams' }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Delete Current Teams' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Delete Current Teams' }).click();
    await dialog.getByRole('button', { name: 'Delete Current Teams' }).click();
    await page.getByText('Teams deleted', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Random' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete Current Teams' }).count()).toBe(0);
  });
});
