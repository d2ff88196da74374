import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from './support/axe.ts';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';
import { signIn } from './support/session.ts';

// What a school plugs in: a staff member makes an API token from Settings, a script uses it,
// and revoking it stops the script at once; a webhook to the school's systems is added from
// Settings (a private address refused), its secret shown once, and deleted with Undo.

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

describe("a school's connections", () => {
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

  it('add a webhook to a public address only, show its secret once, and delete it with Undo', async () => {
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('button', { name: "Webhooks to the school's systems" }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    const url = page.getByRole('textbox', { name: 'URL' });
    await url.fill('http://192.168.1.20/hooks');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByText(/192\.168\.1\.20 is not a public address/).waitFor();

    await url.fill('https://93.184.215.14/hooks');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const secret = page.getByRole('region', { name: "New webhook's signing secret" });
    expect(await secret.getByLabel('Signing secret').textContent()).toMatch(/^lpwh_/);
    await checkAccessibility(page, 'webhooks');

    const row = page.getByRole('row', { name: /93\.184\.215\.14/ });
    await row.getByRole('button', { name: /Delete the webhook/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete webhook' }).click();
    await row.getByText('Deleted', { exact: true }).waitFor();
    await page
      .locator('.lp-toast[data-state="open"]')
      .filter({ hasText: 'Deleted the webhook' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await row.getByText('Active', { exact: true }).waitFor();
  });
});
