// Light or dark: the app follows the system's colour scheme (prefers-color-scheme), from the first
// paint, until Settings says Light or Dark, which this browser then keeps. Every accessibility
// check of the suite runs in both (support/axe.ts).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';
import { signIn } from './support/session.ts';
import { escapeFrom } from './support/wait.ts';

type ColorScheme = 'light' | 'dark';
type SystemWatch = { systemChanged?: Promise<void> };

const baseUrl = serverUrl();

let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  session = await connectBrowser();
});

afterAll(async () => {
  await session?.close();
});

beforeEach(async () => {
  page = await session.context.newPage();
  return () => page.close();
});

/** Waits until the app shows `scheme`: the class of the root Radix theme and of <html>. */
async function waitForScheme(on: Page, scheme: ColorScheme): Promise<void> {
  await on.waitForFunction((wanted) => {
    const theme = document.querySelector('.radix-themes[data-is-root-theme="true"]');
    const other = wanted === 'dark' ? 'light' : 'dark';
    return (
      theme?.classList.contains(wanted) === true &&
      !theme.classList.contains(other) &&
      document.documentElement.classList.contains(wanted)
    );
  }, scheme);
}

/** The scheme shown once the system's has changed to `system` and the app has had its say. */
async function schemeAfterSystemChange(on: Page, system: ColorScheme): Promise<string> {
  // Listening before the change, in a call of its own: the page hears it after the app does.
  await on.evaluate(() => {
    const query = matchMedia('(prefers-color-scheme: dark)');
    (window as SystemWatch).systemChanged = new Promise<void>((resolve) =>
      query.addEventListener('change', () => resolve(), { once: true }),
    );
  });
  await on.emulateMedia({ colorScheme: system });
  return on.evaluate(async () => {
    await (window as SystemWatch).systemChanged;
    // The app's render, if it answers the change, is in the next frames.
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
    return document.querySelector('.radix-themes[data-is-root-theme="true"]')?.className ?? '';
  });
}

const background = (on: Page, selector: string) =>
  on.evaluate((css) => {
    const element = document.querySelector(css);
    return element ? getComputedStyle(element).backgroundColor : null;
  }, selector);

/**
 * The page as it is first painted: loaded with none of the app's scripts, so only index.html's
 * own and the stylesheet have run. Its <html> class and background.
 */
async function firstPaint(on: Page, url: string) {
  await on.route('**/assets/*.js', (route) => route.abort());
  await on.goto(url);
  const shown = {
    scheme: await on.evaluate(() => document.documentElement.className),
    background: await background(on, 'html'),
    app: await on.evaluate(() => document.querySelector('.radix-themes') !== null),
  };
  await on.unroute('**/assets/*.js');
  return shown;
}

describe('light or dark', () => {
  it("follows the system's colour scheme from the first paint, and turns when it does", async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const painted = await firstPaint(page, `${baseUrl}/login`);
    expect(painted).toMatchObject({ scheme: 'dark', app: false });

    await page.goto(`${baseUrl}/login`);
    await waitForScheme(page, 'dark');
    await page.getByLabel('Username').waitFor();
    // What showed before the app had loaded is the app's own ground: no flash of light.
    expect(await background(page, '.radix-themes[data-is-root-theme="true"]')).toBe(
      painted.background,
    );

    await page.emulateMedia({ colorScheme: 'light' });
    await waitForScheme(page, 'light');
    expect(await background(page, 'html')).not.toBe(painted.background);
    await page.emulateMedia({ colorScheme: 'dark' });
    await waitForScheme(page, 'dark');
  });

  it("keeps Light or Dark chosen in Settings over the system's, in this browser, from the first paint", async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page, baseUrl, 'instructor');
    await waitForScheme(page, 'light');
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'User Settings' });
    const appearance = dialog.getByRole('radiogroup', { name: 'Appearance' });
    expect(await appearance.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);

    await appearance.getByRole('radio', { name: 'Dark' }).click();
    await waitForScheme(page, 'dark');
    await escapeFrom(dialog);
    await dialog.waitFor({ state: 'hidden' });
    expect(await schemeAfterSystemChange(page, 'dark')).toContain('dark');
    expect(await schemeAfterSystemChange(page, 'light')).toContain('dark');

    // Another tab of this browser, on a system still light: dark before any script of the app.
    const other = await session.context.newPage();
    try {
      await other.emulateMedia({ colorScheme: 'light' });
      expect(await firstPaint(other, `${baseUrl}/login`)).toMatchObject({ scheme: 'dark' });
    } finally {
      await other.close();
    }

    await page.getByRole('button', { name: 'Settings' }).click();
    await appearance.getByRole('radio', { name: 'Light' }).click();
    await waitForScheme(page, 'light');
    expect(await schemeAfterSystemChange(page, 'dark')).toContain('light');
    await appearance.getByRole('radio', { name: 'System' }).click();
    await waitForScheme(page, 'dark');
  });
});
