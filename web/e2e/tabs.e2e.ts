import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserSession, connectBrowser, newContext } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';
import { readSessionToken, signIn } from './support/session.ts';

// Issue 11, "Signed in everywhere you work": the tabs of one browser share the sign-in.

const baseUrl = serverUrl();

let session: BrowserSession;
/** One browser profile per test: its tabs share a session, other tests' tabs do not hear it. */
let context: BrowserContext;

beforeAll(async () => {
  session = await connectBrowser();
});

afterAll(async () => {
  await session?.close();
});

beforeEach(async () => {
  context = await newContext(session.browser);
  return () => context.close();
});

const navLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

describe('tabs of one browser', () => {
  it('open signed in from a Ctrl+click, and all sign out when one does', async () => {
    const first = await context.newPage();
    await signIn(first, baseUrl, 'instructor');
    await navLink(first, 'Teams').click();
    await first.waitForURL(`${baseUrl}/teams`);

    const [second] = await Promise.all([
      context.waitForEvent('page'),
      navLink(first, 'Cohorts').click({ modifiers: ['ControlOrMeta'] }),
    ]);
    // The screen the link leads to, signed in: had the tab gone to /login first, the session
    // arriving there would have sent it to '/' instead.
    await second.getByRole('heading', { name: 'Cohorts' }).waitFor();
    expect(second.url()).toBe(`${baseUrl}/cohorts`);
    await second.getByRole('button', { name: 'Log out' }).waitFor();
    expect(await readSessionToken(second)).toBe(await readSessionToken(first));

    await second.getByRole('button', { name: 'Log out' }).click();
    await second.getByRole('link', { name: 'Sign in', exact: true }).waitFor();

    // The first tab, untouched by the test, is now signed out at the start page.
    await first.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
    expect(first.url()).toBe(`${baseUrl}/`);
    expect(await first.getByRole('button', { name: 'Log out' }).count()).toBe(0);
    expect(await readSessionToken(first)).toBeNull();
  });

  it('open signed in when typed into a new tab', async () => {
    const first = await context.newPage();
    await signIn(first, baseUrl, 'student');
    const second = await context.newPage();
    await second.goto(`${baseUrl}/calendar`);
    await second.getByTestId('cohort-calendar').waitFor();
    expect(second.url()).toBe(`${baseUrl}/calendar`);
    await navLink(second, 'Overview').waitFor();
  });

  it('sign in together from the sign-in page', async () => {
    const first = await context.newPage();
    await first.goto(`${baseUrl}/login`);
    await first.getByLabel('Username').waitFor();
    const second = await context.newPage();
    await signIn(second, baseUrl, 'instructor');

    await first.getByRole('button', { name: 'Log out' }).waitFor();
    await first.getByRole('heading', { name: 'Students' }).waitFor();
    expect(first.url()).toBe(`${baseUrl}/`);
  });

  it('stay apart across browsers: another profile still signs in', async () => {
    const first = await context.newPage();
    await signIn(first, baseUrl, 'instructor');
    const elsewhere = await newContext(session.browser);
    try {
      const page = await elsewhere.newPage();
      await page.goto(`${baseUrl}/teams`);
      await page.waitForURL(`${baseUrl}/login`);
      await page.getByLabel('Username').waitFor();
    } finally {
      await elsewhere.close();
    }
  });
});
