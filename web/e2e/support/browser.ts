import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type BrowserServer,
  chromium,
} from 'playwright-core';
import { inject } from 'vitest';

export interface BrowserSession {
  browser: Browser;
  /** A fresh context (cookies, storage) for one test file. */
  context: BrowserContext;
  close: () => Promise<void>;
}

// Playwright's own --disable-features list (1.65): a second --disable-features replaces the first
// rather than adding to it, so ours repeats it.
const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];
// Headless Chromium loads the address bar's suggestion popup as a web page in a renderer of its
// own for every context, about two seconds of CPU each; no test has an address bar to type in.
const omniboxPopup = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

const launchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    `--disable-features=${[...playwrightDisabledFeatures, ...omniboxPopup].join(',')}`,
  ],
};

/**
 * Debian's Chromium, headless, once for the whole run (global-setup.ts); each test file reaches it
 * with connectBrowser. Launching one costs seconds of CPU; a context is what keeps files apart.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions);
}

/**
 * A Chromium of its own: for a script outside the test run (bench/run.ts), and for a test file
 * that reads the clipboard, which is the browser's, not the context's: with the run's browser, the
 * file beside it could copy in between and be read instead.
 */
export async function launchBrowser(): Promise<BrowserSession> {
  const browser = await chromium.launch(launchOptions);
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

/** The run's browser (global-setup.ts) with a context of this file's own. */
export async function connectBrowser(): Promise<BrowserSession> {
  const browser = await chromium.connect(inject('browserEndpoint'));
  const context = await newContext(browser);
  return {
    browser,
    context,
    close: async () => {
      await context.close();
      // Disconnecting closes every other context this file opened too.
      await browser.close();
    },
  };
}

/**
 * Another browser profile, as it were: cookies and storage of its own. Tabs of one context share
 * the signed-in session, so a second user signs in in a context of their own. `options` set its
 * window (viewport, device scale).
 */
export async function newContext(
  browser: Browser,
  options?: BrowserContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  // How long an action or a wait for something to show may take: long enough for a loaded
  // machine, where each step can take many times its idle time.
  context.setDefaultTimeout(60_000);
  return context;
}
