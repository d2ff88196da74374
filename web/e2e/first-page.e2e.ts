// The first page (issue 12): the sign-in page comes compressed, under 150 kB of JavaScript and
// 25 kB of CSS, because its stylesheet has only the Radix Themes rules of what it shows; it looks
// exactly as it would with all of Radix Themes, and the screens after sign-in load all of it before
// their own styles.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { signInPageBytes } from './support/page-bytes.ts';
import { serverUrl } from './support/servers.ts';
import { DEMO_PASSWORD, signIn } from './support/session.ts';

const baseUrl = serverUrl();
const webDist = inject('webDist');

let session: BrowserSession;
let page: Page;
let fullStylesheet = '';

beforeAll(async () => {
  session = await connectBrowser();
  const assets = await readdir(join(webDist, 'assets'));
  const name = assets.find((file) => /^radix-themes-[\w-]+\.css$/.test(file));
  if (!name) throw new Error('The build has no full Radix Themes stylesheet');
  fullStylesheet = `/assets/${name}`;
});

afterAll(async () => {
  await session?.close();
});

beforeEach(async () => {
  page = await session.context.newPage();
  return () => page.close();
});

/**
 * What changes on the page once the full Radix Themes stylesheet is added after the first page's,
 * as the screens after sign-in do: nothing, we expect. Compares the computed style (with ::before
 * and ::after) of every element before and after, animations held at their start so that a
 * spinner looks the same each time. All in the page: only the differences come back.
 */
function changesWithFullStyles(): Promise<string[]> {
  return page.evaluate(async (href) => {
    for (const animation of document.getAnimations()) {
      if (animation.playState !== 'running') continue;
      animation.pause();
      animation.currentTime = 0;
    }
    const computedStyles = () =>
      [...document.body.querySelectorAll('*')].map((element) => {
        const style = new Map<string, string>();
        for (const pseudo of ['', '::before', '::after']) {
          const computed = getComputedStyle(element, pseudo || null);
          for (let i = 0; i < computed.length; i++) {
            const name = computed.item(i);
            style.set(`${pseudo}${name}`, computed.getPropertyValue(name));
          }
        }
        const text = element.textContent?.trim().slice(0, 30) ?? '';
        return { element: `<${element.localName} class="${element.className}"> ${text}`, style };
      });
    const before = computedStyles();
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    const loaded = new Promise((resolve, reject) => {
      link.onload = resolve;
      link.onerror = reject;
    });
    document.head.append(link);
    await loaded;
    const after = computedStyles();
    const changes = before.flatMap(({ element, style }, i) =>
      [...style]
        .filter(([name, value]) => after[i]?.style.get(name) !== value)
        .map(([name, value]) => `${element}: ${name} ${value} → ${after[i]?.style.get(name)}`),
    );
    if (after.length !== before.length)
      changes.push(`elements: ${before.length} → ${after.length}`);
    return changes;
  }, fullStylesheet);
}

describe('the first page', () => {
  it('comes compressed: under 150 kB of JavaScript and 25 kB of CSS', async () => {
    const bytes = await signInPageBytes(session.browser, baseUrl);
    console.log(
      `Sign-in page over the wire: ${bytes.js} bytes of JavaScript, ${bytes.css} bytes of CSS ` +
        `(${bytes.files} files, ${bytes.encodings.join(', ')})`,
    );
    expect(bytes.encodings).toEqual(['br']);
    expect(bytes.js).toBeLessThan(150_000);
    expect(bytes.css).toBeLessThan(25_000);
  });

  it('looks as with all of Radix Themes, with a refused password', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Username').fill('instructor');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(await changesWithFullStyles()).toEqual([]);
  });

  it('looks as with all of Radix Themes while signing in', async () => {
    // The answer never comes: the form stays busy, its button showing a spinner.
    await page.route('**/api/accounts/verify', () => {});
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Username').fill('instructor');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('button[data-disabled] .rt-Spinner').waitFor();
    expect(await changesWithFullStyles()).toEqual([]);
  });

  it('is followed by all of Radix Themes before the styles of the screens after sign-in', async () => {
    await signIn(page, baseUrl, 'instructor');
    await page.locator('.lp-board').waitFor();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Cohorts', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Cohorts' }).waitFor();
    const stylesheets = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="stylesheet"]')].map(
        (link) => new URL((link as HTMLLinkElement).href).pathname,
      ),
    );
    expect(stylesheets.length).toBeGreaterThan(3);
    // The first page's stylesheet (in index.html), then all of Radix Themes, then the screens'.
    expect(stylesheets.slice(0, 2)).toEqual([stylesheets[0], fullStylesheet]);
    expect(stylesheets[0]).toMatch(/^\/assets\/index-[\w-]+\.css$/);
  });
});
