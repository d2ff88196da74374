import LZString from 'lz-string';
import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'learnops';

/** Signs in through the password form and waits for the signed-in navbar. */
export async function signIn(
  page: Page,
  baseUrl: string,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Log out' }).waitFor();
}

/** The API token of the page's session (sessionStorage `nss_token`, lz-string compressed). */
export async function readSessionToken(page: Page): Promise<string | null> {
  const raw = await page.evaluate(() => window.sessionStorage.getItem('nss_token'));
  if (!raw) return null;
  const session = JSON.parse(LZString.decompressFromUTF16(raw) ?? 'null') as {
    token?: string;
  } | null;
  return session?.token ?? null;
}
