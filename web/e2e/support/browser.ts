import { type Browser, type BrowserContext, chromium } from 'playwright-core';

export interface BrowserSession {
  browser: Browser;
  /** A fresh context (cookies, storage) for one test file. */
  context: BrowserContext;
  close: () => Promise<void>;
}

/** Debian's Chromium, headless; one per test file. */
export async function launchBrowser(): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const context = await newContext(browser);
  return {
    browser,
    context,
    close: async () => {
      await context.close();
      await browser.close();
    },
  };
}

/**
 * Another browser profile, as it were: cookies and storage of its own. Tabs of one context share
 * the signed-in session, so a second user signs in in a context of their own.
 */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  // How long an action or a wait for something to show may take: long enough for a loaded
  // machine, where each step can take many times its idle time.
  context.setDefaultTimeout(60_000);
  return context;
}
