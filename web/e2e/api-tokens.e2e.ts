import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from './support/axe.ts';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';
import { signIn } from './support/session.ts';

// A staff member makes an API token from Settings, a script uses it, and revoking it stops the
// script at once.

const baseUrl = serverUrl();

let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  session = await connectBrowser();
  page = await session.context.newPage();
});

afterAll(async () => {
  await session?.close();
});

/** What a script sending the token gets from GET /api/cohorts (outside the page's session). */
async function scriptStatus(token: string) {
  const response = await fetch(`${baseUrl}/api/cohorts`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status;
}

describe('API tokens', () => {
  it('are made from Settings, shown once, used by a script and revoked at once', async () => {
    await signIn(page, baseUrl, 'staff');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: 'API tokens for scripts' }).click();
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();

    await page.getByRole('textbox', { name: 'Name' }).fill('Attendance export');
    await page.getByRole('button', { name: 'Create token' }).click();
    const secret = page.getByRole('region', { name: 'New token Attendance export' });
    await secret.waitFor();
    const token = (await secret.getByLabel('Token').textContent()) ?? '';
    expect(token).toMatch(/^lpat_/);
    await checkAccessibility(page, 'API tokens');

    expect(await scriptStatus(token)).toBe(200);
    // The secret is not shown again, and the use is listed.
    await page.reload();
    const row = page.getByRole('row', { name: /Attendance export/ });
    await row.getByText('(1 use)').waitFor();
    expect(await page.getByText(token).count()).toBe(0);

    await row.getByRole('button', { name: 'Revoke Attendance export' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).click();
    await page.getByText('Revoked the API token “Attendance export”').waitFor();
    await row.getByText('Revoked', { exact: true }).waitFor();
    expect(await scriptStatus(token)).toBe(401);
  });
});
