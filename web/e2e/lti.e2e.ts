import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeLtiPlatform, ROLES } from '../../server/test/fake-lti-platform.ts';
import { apiCaller, signInWithPassword } from './support/api.ts';
import { checkAccessibility } from './support/axe.ts';
import { type BrowserSession, connectBrowser, newContext } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';

// Launches from a school's LMS (a fake LTI 1.3 platform on this machine): the LMS sends the
// browser to our login initiation, its authorization endpoint auto-posts a signed id_token to our
// launch URL, and the person lands signed in: an instructor on the staff board of the cohort their
// course is linked to (once staff linked it; before, on the cohorts to choose from), a learner on
// their dashboard in that cohort. Staff sync the course's roster into the cohort and undo it.

const baseUrl = serverUrl();
let session: BrowserSession;
let lms: FakeLtiPlatform;
let cohortName = '';

beforeAll(async () => {
  session = await connectBrowser();
  lms = await new FakeLtiPlatform().start();
  lms.users.set('teacher', {
    sub: 'e2e-teacher',
    given_name: 'Grace',
    family_name: 'Hopper',
    email: 'grace.hopper@school.example',
    roles: ROLES.instructor,
  });
  lms.users.set('pupil', {
    sub: 'e2e-pupil',
    given_name: 'Ada',
    family_name: 'Lovelace',
    email: 'ada.lovelace@school.example',
    roles: ROLES.learner,
  });
  lms.users.set('newcomer', {
    sub: 'e2e-newcomer',
    given_name: 'Katherine',
    family_name: 'Johnson',
    email: 'katherine.johnson@school.example',
    roles: ROLES.learner,
  });
  // The LMS checks our client assertions against our published keys.
  lms.toolKeys = async () => (await fetch(`${baseUrl}/api/lti/jwks`)).json();
  const call = apiCaller(baseUrl, await signInWithPassword(baseUrl, 'staff'));
  const registered = await call('POST', '/lti/platforms', lms.registration('District Canvas'));
  expect(registered.status).toBe(201);
  const cohorts = await call<{ id: number; name: string }[]>('GET', '/cohorts?active=true');
  cohortName = cohorts.body[0]?.name ?? '';
  expect(cohortName).not.toBe('');
});

afterAll(async () => {
  await session?.close();
  await lms?.stop();
});

/** What the LMS does when a person opens the tool's link in their course. */
async function launchFromLms(page: Page, hint: string) {
  const query = lms.loginQuery(hint, `${baseUrl}/api/lti/launch`);
  await page.goto(`${baseUrl}/api/lti/login?${query}`);
}

describe('a launch from the LMS', () => {
  it('signs an instructor in on the staff board, and staff link the course to a cohort', async () => {
    const page = await session.context.newPage();
    await launchFromLms(page, 'teacher');
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    // Their course is linked to no cohort yet: they coach none, and are asked to choose one.
    await page.getByText('You have not joined a cohort. Please choose one.').waitFor();
    await page.waitForURL(`${baseUrl}/cohorts`);

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Connect your LMS (LTI)' }).click();
    await page.getByRole('heading', { name: 'LMS (LTI 1.3)' }).waitFor();
    await page.getByRole('row', { name: /District Canvas.*lp-tool-client/ }).waitFor();
    const select = page.getByRole('combobox', { name: 'Cohort of Web Development 101' });
    await select.selectOption({ label: cohortName });
    await page.getByText(`Linked Web Development 101 to ${cohortName}`).waitFor();
    await checkAccessibility(page, 'LMS connection');

    // The next launch makes them a coach of the linked cohort and opens its board.
    await launchFromLms(page, 'teacher');
    await page
      .getByRole('navigation', { name: 'Active cohorts' })
      .getByRole('button', { name: cohortName, exact: true })
      .and(page.locator('[aria-current="true"]'))
      .waitFor();
    await page.close();
  });

  it('signs a learner in on their dashboard, in the linked cohort', async () => {
    const context = await newContext(session.browser);
    const page = await context.newPage();
    await launchFromLms(page, 'pupil');
    await page.getByTestId('student-dashboard').waitFor();
    await page.getByText(`${cohortName} Timeline`).waitFor();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await context.close();
  });

  it("syncs the course's roster into its cohort, and Undo takes it back", async () => {
    const page = await session.context.newPage();
    await launchFromLms(page, 'teacher');
    await page.getByRole('navigation', { name: 'Active cohorts' }).waitFor();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'Connect your LMS (LTI)' }).click();
    await page.getByRole('button', { name: 'Sync roster of Web Development 101' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sync roster from the LMS' });
    await dialog.getByText('1 new, 0 to enrol, 1 already in, 0 errors').waitFor();
    await dialog.getByRole('row', { name: /New account for Katherine Johnson/ }).waitFor();
    await checkAccessibility(page, 'LMS roster sync', dialog);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Added 1 learner').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText(`Removed 1 learner from ${cohortName} again`).waitFor();
    await page.close();
  });

  it('names what was wrong with a refused launch', async () => {
    const context = await newContext(session.browser);
    const page = await context.newPage();
    lms.spoil = { audience: 'another-tool' };
    try {
      await launchFromLms(page, 'pupil');
      await page
        .getByRole('heading', { name: 'The launch from your LMS did not sign you in' })
        .waitFor();
      expect(await page.getByRole('alert').textContent()).toContain(
        'its audience (aud) does not include our client id',
      );
    } finally {
      lms.spoil = {};
      await context.close();
    }
  });
});
