import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCaller, signInWithPassword } from './support/api.ts';
import { checkAccessibility } from './support/axe.ts';
import { type BrowserSession, launchBrowser, newContext } from './support/browser.ts';
import { signIn } from './support/session.ts';
import { type RunningServer, startServer } from './support/start-server.ts';

// Ways in without GitHub, on a server as the embedded demo starts by default: GitHub sign-in not
// configured, password sign-in on. Staff add a learner and pass on the one-time link; the
// learner opens it in a browser of their own, sets a password and lands on their dashboard; the
// link does not work twice. A cohort's invitation link lets a newcomer choose a username and
// password and join; a link not valid says so and what to do.

const COHORT = 'Day Cohort 72';

let server: RunningServer;
let session: BrowserSession;
let staffPage: Page;
/** Browsers of their own, as the learners' would be: closed after the file. */
const others: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer({
    webDist: inject('webDist'),
    env: { GITHUB_CLIENT_ID: '', GITHUB_CLIENT_SECRET: '' },
  });
  // It reads what the page copied: a browser of its own, whose clipboard no other file writes.
  session = await launchBrowser();
  await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: server.url,
  });
  staffPage = await session.context.newPage();
  await signIn(staffPage, server.url, 'instructor');
});

afterAll(async () => {
  await Promise.all(others.map((context) => context.close()));
  await session?.close();
  await server?.stop();
});

/** A fresh browser: no session, no cookies. */
async function freshPage(): Promise<Page> {
  const context = await newContext(session.browser);
  others.push(context);
  return context.newPage();
}

const overlay = () => staffPage.getByRole('dialog', { name: COHORT });
const toast = (text: string) => staffPage.getByText(text, { exact: true }).first();

async function openCohortOverlay() {
  await staffPage.goto(`${server.url}/cohorts`);
  await staffPage
    .getByRole('group', { name: COHORT })
    .getByRole('button', { name: COHORT })
    .click();
  await overlay().waitFor();
}

/** Fills and sends the Add learner form; answers the dialog. */
async function addLearner(first: string, last: string, username: string) {
  await overlay().getByRole('button', { name: 'Add learner' }).click();
  const dialog = staffPage.getByRole('dialog', { name: 'Add learner' });
  await dialog.getByLabel('First name').fill(first);
  await dialog.getByLabel('Last name').fill(last);
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByRole('button', { name: 'Add learner' }).click();
  return dialog;
}

describe('Add learner on a server without GitHub sign-in', () => {
  let link = '';

  it('says in the cohort overlay which way the invitation link works here', async () => {
    await openCohortOverlay();
    await overlay()
      .getByText(
        `GitHub sign-in is not configured on this server: people who open this link choose a username and password and join ${COHORT}.`,
      )
      .waitFor();
  });

  it('adds a learner to the cohort and shows their one-time link, copied in one click', async () => {
    const dialog = await addLearner('Mae', 'Jemison', 'mae.jemison');
    await toast(`Added Mae Jemison (mae.jemison) to ${COHORT}`).waitFor();
    const shown = dialog.getByRole('status', { name: 'One-time link' });
    link = (await shown.textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${server.url}/set-password\\?token=.+`));
    await checkAccessibility(staffPage, 'add learner: the one-time link', dialog);
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await toast('Link copied').waitFor();
    expect(await staffPage.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('lets the learner set a password in a browser of their own and lands on their dashboard', async () => {
    const learner = await freshPage();
    await learner.goto(link);
    await learner.getByRole('heading', { name: 'Set your password' }).waitFor();
    expect(await learner.getByLabel('Username').inputValue()).toBe('mae.jemison');
    await checkAccessibility(learner, 'set your password');
    await learner.getByLabel('New password').fill('short');
    await learner.getByLabel('Repeat the password').fill('short');
    await learner.getByRole('button', { name: 'Set password and sign in' }).click();
    await learner
      .getByRole('alert')
      .getByText('The password needs at least 8 characters.')
      .waitFor();
    await learner.getByLabel('New password').fill('endeavour 1992');
    await learner.getByLabel('Repeat the password').fill('endeavour 1992');
    await learner.getByRole('button', { name: 'Set password and sign in' }).click();
    await learner.getByTestId('student-dashboard').waitFor();
    expect(new URL(learner.url()).pathname).toBe('/');
    await learner.getByText(COHORT, { exact: true }).first().waitFor();
    // And signs in with it from now on.
    expect(await signInWithPassword(server.url, 'mae.jemison', 'endeavour 1992')).toBeTruthy();
  });

  it('does not work a second time, and says what to do', async () => {
    const again = await freshPage();
    await again.goto(link);
    await again.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await again
      .getByRole('alert')
      .getByText(/This link was already used/)
      .waitFor();
    expect(await again.getByLabel('New password').count()).toBe(0);
  });

  it("takes a just-added learner away again with the toast's Undo", async () => {
    const dialog = await addLearner('Typo', 'Name', 'typo.name');
    await toast(`Added Typo Name (typo.name) to ${COHORT}`).waitFor();
    const undoLink =
      (await dialog.getByRole('status', { name: 'One-time link' }).textContent()) ?? '';
    await dialog.getByRole('button', { name: 'Done' }).click();
    // The Undo of this toast (the one before, of the first learner, may still be there).
    const said = await toast(`Added Typo Name (typo.name) to ${COHORT}`).getAttribute('id');
    await staffPage.locator(`button[aria-describedby="${said}"]`).click();
    await toast('Removed Typo Name again').waitFor();
    const call = apiCaller(server.url, await signInWithPassword(server.url, 'instructor'));
    const found = await call<Array<{ name: string }>>('GET', '/students?q=typo');
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.body)).not.toContain('Typo Name');
    const gone = await freshPage();
    await gone.goto(undoLink);
    await gone
      .getByRole('alert')
      .getByText(/This link is not valid/)
      .waitFor();
  });
});

describe('an invitation link on a server without GitHub sign-in', () => {
  let invitation = '';

  it('lets a newcomer choose a username and password and join the cohort', async () => {
    await openCohortOverlay();
    invitation =
      (await overlay().getByRole('status', { name: 'Invitation link' }).textContent()) ?? '';
    const newcomer = await freshPage();
    await newcomer.goto(invitation);
    await newcomer.getByRole('heading', { name: `Join ${COHORT}` }).waitFor();
    expect(new URL(newcomer.url()).pathname).toBe('/join');
    expect(await newcomer.getByRole('link', { name: 'Continue with GitHub' }).count()).toBe(0);
    await checkAccessibility(newcomer, 'join a cohort');
    await newcomer.getByLabel('First name').fill('Sally');
    await newcomer.getByLabel('Last name').fill('Ride');
    await newcomer.getByLabel('Username').fill('sally.ride');
    await newcomer.getByLabel('New password').fill('challenger 1983');
    await newcomer.getByLabel('Repeat the password').fill('challenger 1983');
    await newcomer.getByRole('button', { name: 'Create account and join' }).click();
    await newcomer.getByTestId('student-dashboard').waitFor();
    await newcomer.getByText('Sally Ride', { exact: true }).waitFor();
    await newcomer.getByText(COHORT, { exact: true }).first().waitFor();
  });

  it('says clearly that a link with a wrong or renewed secret is not valid, and what to do', async () => {
    const wrong = new URL(invitation);
    wrong.searchParams.set('v', 'renewed-long-ago');
    const visitor = await freshPage();
    await visitor.goto(wrong.toString());
    await visitor.getByRole('heading', { name: 'This invitation link does not work' }).waitFor();
    await visitor
      .getByRole('alert')
      .getByText(
        "This invitation link is not valid: it was replaced by a newer one, or it was not copied whole. Ask your instructor for the cohort's current invitation link.",
      )
      .waitFor();
    expect(await visitor.getByLabel('New password').count()).toBe(0);
    await checkAccessibility(visitor, 'an invitation link that is not valid');
  });
});
