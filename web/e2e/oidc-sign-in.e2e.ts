import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { FakeOidcProvider } from '../../server/test/fake-oidc-provider.ts';
import { checkAccessibility } from './support/axe.ts';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { DEMO_PASSWORD, signIn } from './support/session.ts';
import { type RunningServer, startServer } from './support/start-server.ts';

// Sign-in with the school's OpenID Connect provider, a fake one on this machine, in Chromium, on
// a server where staff must sign in that way (OIDC_REQUIRED_FOR_STAFF): the instructor's password
// is refused with the reason, and their school account finds them by its verified email; a
// learner links their school account on their Student Information card, then signs in with it;
// an unknown school account is told why it was not signed in.

let session: BrowserSession;
let page: Page;
let provider: FakeOidcProvider;
let server: RunningServer;

beforeAll(async () => {
  provider = await new FakeOidcProvider().start();
  [session, server] = await Promise.all([
    connectBrowser(),
    startServer({
      webDist: inject('webDist'),
      env: {
        OIDC_ISSUER_URL: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_NAME: 'Springfield SSO',
        OIDC_REQUIRED_FOR_STAFF: 'true',
      },
    }),
  ]);
});

afterAll(async () => {
  await Promise.all([session?.close(), server?.stop()]);
  await provider?.stop();
});

beforeEach(async () => {
  page = await session.context.newPage();
  return () => page.close();
});

describe("sign-in with the school's account", () => {
  it("refuses the instructor's password, saying why, and signs them in by the school's verified email", async () => {
    await page.goto(`${server.url}/login`);
    const schoolSignIn = page.getByRole('link', { name: 'Sign in with Springfield SSO' });
    await schoolSignIn.waitFor();
    await page.getByText('Staff accounts sign in with Springfield SSO only.').waitFor();
    await checkAccessibility(page, 'sign-in with the school');
    await page.getByLabel('Username').fill('instructor');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await page.getByRole('alert').textContent()).toBe(
      'Staff accounts sign in with Springfield SSO on this server, not with a password. Use "Sign in with Springfield SSO".',
    );
    expect(new URL(page.url()).pathname).toBe('/login');

    // The demo instructor's address, verified by the school.
    provider.nextUser = {
      sub: 'teacher-7',
      email: 'ada.whitcombe@example.com',
      email_verified: true,
    };
    await schoolSignIn.click();
    await page.getByRole('heading', { name: 'Students' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
  });

  it('lets a learner link their school account, then sign in with it', async () => {
    // No address in common with the account: only the link finds it.
    provider.nextUser = { sub: 'learner-3', email: 'sam@school.test', email_verified: false };
    await signIn(page, server.url, 'student');
    const card = page.getByTestId('student-information');
    await card.getByRole('button', { name: 'Link your school account (Springfield SSO)' }).click();
    await page.getByRole('heading', { name: 'School account linked' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/oidc');
    await checkAccessibility(page, 'school account linked');
    await page.getByRole('button', { name: 'Continue' }).click();
    await card.getByText('Your Springfield SSO account is linked (sam@school.test).').waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${server.url}/`);

    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Sign in with Springfield SSO' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('says why an unknown school account was not signed in', async () => {
    provider.nextUser = { sub: 'stranger', email: 'stranger@school.test', email_verified: true };
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Sign in with Springfield SSO' }).click();
    await page.getByRole('heading', { name: 'Sign-in did not complete' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain(
      'No account here has the email address stranger@school.test.',
    );
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL(`${server.url}/login`);
  });
});
