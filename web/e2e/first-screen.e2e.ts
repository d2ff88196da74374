// A page load of the board (issue 30): with a stored session, the board's chunks and stylesheets
// are asked for by the page itself as it is read (build/first-screen-preload.ts), before the
// app's entry has run and sent the board's requests, so that they load alongside the entry's own
// instead of after it, and before its stylesheet, which a script after it would wait for. The
// sign-in page does not ask for them.
import { STORAGE_KEYS } from '@lp/contract/constants';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';
import { signIn } from './support/session.ts';

const baseUrl = serverUrl();

let session: BrowserSession;

beforeAll(async () => {
  session = await connectBrowser();
});

afterAll(async () => {
  await session?.close();
});

/** The paths the page asks for while `load` runs, in the order it asks. */
async function requestsDuring(page: Page, load: () => Promise<unknown>): Promise<string[]> {
  const paths: string[] = [];
  const record = (request: { url: () => string }) => paths.push(new URL(request.url()).pathname);
  page.on('request', record);
  try {
    await load();
  } finally {
    page.off('request', record);
  }
  return paths;
}

const isDashboardChunk = (path: string) => /^\/assets\/dashboard-page-[\w-]+\.js$/.test(path);

/**
 * A new tab of the board with the stored session of a signed-in tab (so that no request of
 * another page is counted as its load's), not yet navigated.
 */
async function tabWithStoredSession(): Promise<Page> {
  const signedIn = await session.context.newPage();
  await signIn(signedIn, baseUrl, 'instructor');
  const stored = await signedIn.evaluate(
    (key) => window.sessionStorage.getItem(key),
    STORAGE_KEYS.session,
  );
  await signedIn.close();
  if (!stored) throw new Error('The signed-in tab holds no session');
  const page = await session.context.newPage();
  await page.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [
    STORAGE_KEYS.session,
    stored,
  ] as const);
  return page;
}

describe('the first screen’s chunks', () => {
  it('are asked for before the board’s data on a page load of the board, signed in as staff', async () => {
    const page = await tabWithStoredSession();
    try {
      const asked = await requestsDuring(page, async () => {
        await page.goto(`${baseUrl}/`);
        await page.locator('.lp-card').first().waitFor();
      });
      const chunk = asked.findIndex(isDashboardChunk);
      const firstRequest = asked.findIndex((path) => path.startsWith('/api/'));
      expect(chunk, asked.join('\n')).toBeGreaterThanOrEqual(0);
      expect(firstRequest, asked.join('\n')).toBeGreaterThan(chunk);
    } finally {
      await page.close();
    }
  });

  it('are asked for while the page’s stylesheet is still loading', async () => {
    // A script after the stylesheet would run only once the stylesheet is in; here the
    // stylesheet is answered only once the chunk was asked for, so such a page never asks.
    const page = await tabWithStoredSession();
    try {
      const asked = page.waitForRequest((request) =>
        isDashboardChunk(new URL(request.url()).pathname),
      );
      await page.route(/\/assets\/index-[\w-]+\.css$/, async (route) => {
        await asked.catch(() => {});
        await route.continue();
      });
      await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
      await asked;
      await page.locator('.lp-card').first().waitFor();
    } finally {
      await page.close();
    }
  });

  it('are not loaded by the sign-in page', async () => {
    const page = await session.context.newPage();
    try {
      const asked = await requestsDuring(page, async () => {
        await page.goto(`${baseUrl}/login`);
        await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
        await page.waitForLoadState('networkidle');
      });
      expect(asked.filter((path) => path.startsWith('/assets/')).length).toBeGreaterThan(0);
      expect(asked.filter(isDashboardChunk)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
