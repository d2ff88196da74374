import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from './support/axe.ts';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';
import { signIn } from './support/session.ts';

// Foundations exercises: a signed-out visitor at '/', then staff at /foundations filtering,
// opening a learner's details and assigning the unassigned demo learner (Dev Kapoor) a cohort.

const baseUrl = serverUrl();

let session: BrowserSession;
let page: Page;

const learnerRow = (name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

beforeAll(async () => {
  session = await connectBrowser();
  page = await session.context.newPage();
});

afterAll(async () => {
  await session?.close();
});

describe('foundations exercises', () => {
  it('shows a signed-out visitor the screen at / with initials only and a way to sign in', async () => {
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Foundations Exercises' }).waitFor();
    await learnerRow('K. M.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByText('Keisha Moore').count()).toBe(0);
    expect(await page.getByPlaceholder('Cohort Number').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
    await checkAccessibility(page, 'foundations (signed out)');
  });

  it('lets staff filter, open details and assign a cohort to the unassigned learner', async () => {
    await signIn(page, baseUrl, 'staff');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Foundations Exercises', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Foundations Exercises' }).waitFor();
    await learnerRow('Keisha Moore').waitFor();

    const cohorts = page.getByRole('group', { name: 'Cohorts' });
    expect(await cohorts.getByRole('button').allTextContents()).toEqual([
      'All',
      'Day 74',
      'Evening 19',
    ]);
    await cohorts.getByRole('button', { name: 'Evening 19' }).click();
    await learnerRow('Wren Albright').waitFor();
    expect(await learnerRow('Keisha Moore').count()).toBe(0);
    await cohorts.getByRole('button', { name: 'All' }).click();

    await page.getByLabel('Learner Name:').fill('keisha');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await learnerRow('Tomás Herrera').waitFor({ state: 'detached' });
    await learnerRow('Keisha Moore').getByRole('button', { name: '► Show Details' }).click();
    await page.getByRole('columnheader', { name: 'Solution Used' }).waitFor();
    expect(await page.getByRole('cell', { name: 'Variables', exact: true }).count()).toBe(1);
    expect(await page.getByRole('cell', { name: /^\d+h \d+m \d+s$/ }).count()).toBeGreaterThan(0);
    await checkAccessibility(page, 'foundations with details (staff)');

    await page.getByRole('button', { name: 'Reset' }).click();
    await learnerRow('Dev Kapoor').waitFor();
    expect(await page.getByLabel('Learner Name:').inputValue()).toBe('');

    const dev = learnerRow('Dev Kapoor');
    await dev.getByRole('radio', { name: 'Evening' }).click();
    // Choosing Day/Evening does not open the row's details.
    expect(await dev.getByRole('button', { name: '► Show Details' }).count()).toBe(1);
    const number = dev.getByPlaceholder('Cohort Number');
    await number.fill('20');
    await number.press('Enter');
    await learnerRow('Dev Kapoor').getByRole('cell', { name: 'Evening 20', exact: true }).waitFor();
    await page
      .getByRole('group', { name: 'Cohorts' })
      .getByRole('button', { name: 'Evening 20' })
      .waitFor();
  });
});
