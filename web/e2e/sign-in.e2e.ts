import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { checkAccessibility } from './support/axe.ts';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';
import { readSessionToken, signIn } from './support/session.ts';
import { type RunningServer, startServer } from './support/start-server.ts';
import { escapeFrom } from './support/wait.ts';

const baseUrl = serverUrl();
const staffLinks = ['Students', 'Teams', 'Cohorts', 'Courses', 'Foundations'];
const studentLinks = ['Overview', 'Capstones', 'Core Skills', 'Calendar'];

let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  session = await connectBrowser();
});

afterAll(async () => {
  await session?.close();
});

// Each test gets its own tab, closed after it: with no other tab of the browser signed in to hand
// over its session (see tabs.e2e.ts), a new tab starts signed out.
beforeEach(async () => {
  page = await session.context.newPage();
  return () => page.close();
});

const navLink = (name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

describe('sign-in', () => {
  it('sends a signed-out visitor to the sign-in page with GitHub and password options', async () => {
    // '/' shows the foundations screen when signed out (see foundations.e2e.ts); others sign in.
    await page.goto(`${baseUrl}/cohorts`);
    await page.waitForURL(`${baseUrl}/login`);
    await expect(page.title()).resolves.toContain('Learning Platform');
    expect(await page.getByRole('link', { name: 'Sign in with Github' }).getAttribute('href')).toBe(
      '/api/auth/github/url',
    );
    await page.getByLabel('Username').waitFor();
    await page.getByLabel('Password').waitFor();
    expect(await page.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);
    await checkAccessibility(page, 'sign-in');
  });

  it('signs an instructor in to the staff app, with settings that close on Escape', async () => {
    await signIn(page, baseUrl, 'instructor');
    expect(page.url()).toBe(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Students' }).waitFor();
    for (const name of staffLinks) expect(await navLink(name).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'User Settings' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Student Interface' }).isVisible()).toBe(true);
    await checkAccessibility(page, 'settings dialog (staff)', dialog);
    await escapeFrom(dialog);
    await dialog.waitFor({ state: 'hidden' });

    await navLink('Cohorts').click();
    await page.getByRole('heading', { name: 'Cohorts' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/cohorts`);
  });

  it('logs out to the start page, from which one signs in again, and the old token stops working', async () => {
    await signIn(page, baseUrl, 'instructor');
    const token = await readSessionToken(page);
    expect(token).toBeTruthy();
    const before = await fetch(`${baseUrl}/api/profile`, {
      headers: { Authorization: `Token ${token}` },
    });
    expect(before.status).toBe(200);

    // The spec: sign-out goes to '/', which signed out is the public foundations screen.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByRole('link', { name: 'Sign in with Github' }).waitFor();
    expect(await readSessionToken(page)).toBeNull();

    const after = await fetch(`${baseUrl}/api/profile`, {
      headers: { Authorization: `Token ${token}` },
    });
    expect(after.status).toBe(401);

    await page.goto(`${baseUrl}/teams`);
    await page.waitForURL(`${baseUrl}/login`);
  });

  it('signs a learner in to the student app without staff links or settings', async () => {
    await signIn(page, baseUrl, 'student');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    for (const name of studentLinks) expect(await navLink(name).isVisible()).toBe(true);
    for (const name of ['Teams', 'Cohorts', 'Courses', 'Foundations']) {
      expect(await navLink(name).count()).toBe(0);
    }
    expect(await page.getByRole('button', { name: 'Settings' }).count()).toBe(0);
  });

  it('shows the reason when the password is wrong', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Username').fill('instructor');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Unable to log in with provided credentials.');
    // The focus is back on the password field, its text selected to type over, not on the page.
    const password = page.getByLabel('Password');
    await expect
      .poll(() => password.evaluate((field) => field === document.activeElement))
      .toBe(true);
    await page.keyboard.type('typed-over');
    expect(await password.inputValue()).toBe('typed-over');
    await checkAccessibility(page, 'sign-in with a refused password');
    expect(page.url()).toBe(`${baseUrl}/login`);
    expect(await readSessionToken(page)).toBeNull();
  });
});

describe('a browser that signed in before, on an account strangers locked', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ webDist: inject('webDist'), env: { SIGNIN_RATE_LIMIT: '3' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const verify = (password: string) =>
    fetch(`${server.url}/api/accounts/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'student', password }),
    });

  it('keeps its device cookie and signs in with the right password all the same', async () => {
    await signIn(page, server.url, 'student');
    const deviceCookies = (url: string) =>
      session.context
        .cookies(url)
        .then((cookies) => cookies.filter((cookie) => cookie.name.startsWith('lp_device_')));
    // Kept by the browser, out of scripts' reach, and sent only with sign-in requests.
    const [cookie] = await deviceCookies(`${server.url}/api/accounts/verify`);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/accounts/verify' });
    expect(await deviceCookies(`${server.url}/api/profile`)).toEqual([]);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${server.url}/`);

    // Strangers (no device cookie) use up the account's three failures: it is locked to them.
    for (let i = 0; i < 3; i += 1) expect((await verify(`guess${i}`)).status).toBe(400);
    expect((await verify('learnops')).status).toBe(429);

    await signIn(page, server.url, 'student');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
  });
});

describe('GitHub sign-in links on a server without GitHub sign-in', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      webDist: inject('webDist'),
      env: { GITHUB_CLIENT_ID: '', GITHUB_CLIENT_SECRET: '' },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('opens the plain sign-in link on a page that says GitHub sign-in is not configured', async () => {
    await page.goto(`${server.url}/api/auth/github/url`);
    await page.getByRole('heading', { name: 'Sign-in did not complete' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(
      'GitHub sign-in is not configured on this server.',
    );
    expect(new URL(page.url()).pathname).toBe('/auth/github');
    await checkAccessibility(page, 'GitHub sign-in failed');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL(`${server.url}/login`);
  });

  it('opens an invitation link on the join page, which says when the link is not valid', async () => {
    // The whole way in with a valid link is walked in ways-in.e2e.ts.
    await page.goto(`${server.url}/api/auth/github/url?cohort=1&v=an-invitation`);
    await page.getByRole('heading', { name: 'This invitation link does not work' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/join');
    expect(await page.getByRole('alert').textContent()).toContain(
      "Ask your instructor for the cohort's current invitation link.",
    );
  });
});
