import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLearner, createStaff } from '../../../test/factories.ts';
import { FakeGithub } from '../../../test/fake-github.ts';
import { FakeOidcProvider, type FakeSchoolUser } from '../../../test/fake-oidc-provider.ts';
import { exchangeOneTimeCode, followGithubSignIn } from '../../../test/github-sign-in.ts';
import {
  type ConfigOverrides,
  createTestContext,
  type TestContext,
} from '../../../test/harness.ts';

// Sign-in with the school's provider, through a fake provider on this machine: the browser's
// path is walked request by request (our start URL → the provider → our callback → the client).

let provider: FakeOidcProvider;
let github: FakeGithub;
let ctx: TestContext;

/** A server with GitHub's and the school's sign-in, the fakes' (after they started). */
const schoolSettings = (requiredForStaff: boolean): ConfigOverrides => ({
  publicUrl: 'http://api.test',
  clientUrl: 'http://app.test',
  github: {
    clientId: 'gh-client',
    clientSecret: 'gh-secret',
    oauthUrl: github.url,
    apiUrl: github.url,
  },
  oidc: {
    issuerUrl: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    name: 'Springfield SSO',
    requiredForStaff,
  },
});

beforeAll(async () => {
  provider = await new FakeOidcProvider().start();
  github = await new FakeGithub().start();
  ctx = await createTestContext(schoolSettings(false));
});
afterAll(async () => {
  await ctx.close();
  await provider.stop();
  await github.stop();
});

let subjects = 0;
const schoolUser = (user: Omit<FakeSchoolUser, 'sub'>): FakeSchoolUser => {
  subjects += 1;
  return { sub: `school-${subjects}`, ...user };
};

async function withEmail<T extends { id: number }>(person: T, email: string) {
  await ctx.db.updateTable('people').set({ email }).where('id', '=', person.id).execute();
  return person;
}

/**
 * The browser's way from a sign-in (or link) URL of ours through the provider and back: the
 * client page it ends on. `between` runs once the provider has answered, before our callback.
 */
async function throughProvider(start: Started, between?: (callback: URL) => URL | undefined) {
  const authorize = await fetch(start.url, { redirect: 'manual' });
  let callback = new URL(authorize.headers.get('location') ?? '');
  callback = between?.(callback) ?? callback;
  const answer = await ctx.request({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: start.cookie },
  });
  expect(answer.statusCode).toBe(302);
  const page = new URL(answer.headers.location as string);
  expect(`${page.origin}${page.pathname}`).toBe('http://app.test/auth/oidc');
  return page;
}

/** Where a start sends the browser, and the cookie it keeps meanwhile (the attempt's state). */
interface Started {
  url: string;
  cookie: string;
}

const stateCookieOf = (start: LightMyRequestResponse) =>
  String(start.headers['set-cookie'] ?? '').split(';')[0] ?? '';

async function startUrl(): Promise<Started> {
  const start = await ctx.request({ method: 'GET', url: '/api/auth/oidc/url' });
  expect(start.statusCode).toBe(302);
  return { url: start.headers.location as string, cookie: stateCookieOf(start) };
}

/** Signs in as `user` at the provider; the token of the session, or the page's error. */
async function signInAs(user: FakeSchoolUser) {
  provider.nextUser = user;
  const page = await throughProvider(await startUrl());
  const code = page.searchParams.get('code');
  if (!code) return { error: page.searchParams.get('error') };
  const exchanged = await exchangeOneTimeCode(ctx, code);
  expect(exchanged.statusCode).toBe(200);
  return { token: exchanged.json().key as string };
}

const profileOf = async (token: string) =>
  (await ctx.request({ method: 'GET', url: '/api/profile', token })).json() as { id: number };

describe('sign-in with the school account', () => {
  it('is offered on the sign-in page by name', async () => {
    const options = await ctx.request({ method: 'GET', url: '/api/auth/options' });
    expect(options.json().oidc).toEqual({ name: 'Springfield SSO', required_for_staff: false });
    const authorize = new URL((await startUrl()).url);
    expect(authorize.href.startsWith(`${provider.issuer}/authorize`)).toBe(true);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      'http://api.test/api/auth/oidc/callback',
    );
  });

  it('signs in the account with the verified email address, and by the link after', async () => {
    const learner = await withEmail(await createLearner(ctx.db), 'Ada@School.test');
    const user = schoolUser({ email: 'ada@school.test', email_verified: true });
    const first = await signInAs(user);
    expect(first.token && (await profileOf(first.token)).id).toBe(learner.id);
    // Linked now: a changed address at the school still finds the account.
    const again = await signInAs({ ...user, email: 'ada.new@school.test' });
    expect(again.token && (await profileOf(again.token)).id).toBe(learner.id);
  });

  it('refuses an email address the provider has not verified, and an unknown one, saying so', async () => {
    await withEmail(await createLearner(ctx.db), 'grace@school.test');
    expect(
      await signInAs(schoolUser({ email: 'grace@school.test', email_verified: false })),
    ).toEqual({
      error: expect.stringContaining(
        'Springfield SSO has not verified your email address grace@school.test',
      ),
    });
    expect(
      await signInAs(schoolUser({ email: 'nobody@school.test', email_verified: true })),
    ).toEqual({
      error: expect.stringContaining('No account here has the email address nobody@school.test'),
    });
  });

  it('links the school account to the signed-in person, who then signs in with it', async () => {
    const learner = await createLearner(ctx.db);
    const before = await ctx.request({
      method: 'GET',
      url: '/api/auth/oidc/link',
      token: learner.token,
    });
    expect(before.json()).toEqual({ linked: false, email: null });
    const start = await ctx.request({
      method: 'POST',
      url: '/api/auth/oidc/link',
      token: learner.token,
    });
    expect(start.statusCode).toBe(200);
    // No email address in common: only the link can find the account.
    const user = schoolUser({ email: 'linked@school.test', email_verified: false });
    provider.nextUser = user;
    const page = await throughProvider({ url: start.json().url, cookie: stateCookieOf(start) });
    expect(page.searchParams.get('linked')).toBe('1');
    const after = await ctx.request({
      method: 'GET',
      url: '/api/auth/oidc/link',
      token: learner.token,
    });
    expect(after.json()).toEqual({ linked: true, email: 'linked@school.test' });
    const signedIn = await signInAs(user);
    expect(signedIn.token && (await profileOf(signedIn.token)).id).toBe(learner.id);

    // The same school account cannot be linked to a second account.
    const other = await createLearner(ctx.db);
    const second = await ctx.request({
      method: 'POST',
      url: '/api/auth/oidc/link',
      token: other.token,
    });
    provider.nextUser = user;
    const refused = await throughProvider({
      url: second.json().url,
      cookie: stateCookieOf(second),
    });
    expect(refused.searchParams.get('error')).toBe(
      'This Springfield SSO account is already linked to another account here.',
    );
  });

  it('refuses a link finished in a browser other than the one that began it', async () => {
    const starter = await createLearner(ctx.db);
    const start = await ctx.request({
      method: 'POST',
      url: '/api/auth/oidc/link',
      token: starter.token,
    });
    // Someone else's browser follows the provider link: it has no state cookie, or its own.
    provider.nextUser = schoolUser({ email: 'someone.else@school.test', email_verified: true });
    for (const cookie of ['', 'lp_school_state=another-attempt']) {
      const page = await throughProvider({ url: start.json().url, cookie });
      expect(page.searchParams.get('error')).toMatch(/not begun in this browser/);
    }
    const link = await ctx.request({
      method: 'GET',
      url: '/api/auth/oidc/link',
      token: starter.token,
    });
    expect(link.json()).toEqual({ linked: false, email: null });
  });

  it('refuses an answer whose state names no sign-in begun here', async () => {
    await withEmail(await createLearner(ctx.db), 'state@school.test');
    provider.nextUser = schoolUser({ email: 'state@school.test', email_verified: true });
    // The browser's cookie and the answer agree, on a state this server never began.
    const started = { ...(await startUrl()), cookie: 'lp_school_state=not-our-state' };
    const page = await throughProvider(started, (callback) => {
      callback.searchParams.set('state', 'not-our-state');
      return callback;
    });
    expect(page.searchParams.get('code')).toBeNull();
    expect(page.searchParams.get('error')).toBe(
      'The sign-in answer names no sign-in begun here (its state is unknown, expired or already used). Please sign in again.',
    );
  });

  it('refuses an ID token with another nonce', async () => {
    await withEmail(await createLearner(ctx.db), 'nonce@school.test');
    provider.nextUser = schoolUser({ email: 'nonce@school.test', email_verified: true });
    provider.answerNonce = 'a-nonce-from-another-sign-in';
    const page = await throughProvider(await startUrl());
    expect(page.searchParams.get('code')).toBeNull();
    expect(page.searchParams.get('error')).toBe(
      'The answer from Springfield SSO was for another sign-in (its nonce did not match). Please sign in again.',
    );
  });

  it('says what the provider answered when it did not sign the person in', async () => {
    provider.refuseNext = { error: 'access_denied', error_description: 'The user declined' };
    const page = await throughProvider(await startUrl());
    expect(page.searchParams.get('error')).toBe(
      'Springfield SSO did not sign you in: The user declined.',
    );
  });
});

describe('school sign-in required for staff', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestContext(schoolSettings(true));
  });
  afterAll(() => strict.close());

  it('refuses staff by password and GitHub, saying why, and lets learners and the school sign-in in', async () => {
    const options = await strict.request({ method: 'GET', url: '/api/auth/options' });
    expect(options.json().oidc).toEqual({ name: 'Springfield SSO', required_for_staff: true });
    const refusal =
      'Staff accounts sign in with Springfield SSO on this server, not with a password. Use "Sign in with Springfield SSO".';
    await createStaff(strict.db, { username: 'strict-staff', password: 'a long password' });
    const byPassword = await strict.request({
      method: 'POST',
      url: '/api/accounts/verify',
      payload: { username: 'strict-staff', password: 'a long password' },
    });
    expect(byPassword.statusCode).toBe(403);
    expect(byPassword.json().message).toBe(refusal);
    // A wrong password says nothing of the account being staff.
    const wrong = await strict.request({
      method: 'POST',
      url: '/api/accounts/verify',
      payload: { username: 'strict-staff', password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(400);

    await createLearner(strict.db, { username: 'strict-learner', password: 'a long password' });
    const learner = await strict.request({
      method: 'POST',
      url: '/api/accounts/verify',
      payload: { username: 'strict-learner', password: 'a long password' },
    });
    expect(learner.statusCode).toBe(200);

    const githubStaff = await createStaff(strict.db, { githubId: 4242, githubLogin: 'staffer' });
    github.codes.set('gh-staff-code', { id: 4242, login: 'staffer', name: 'Staff Er' });
    const { clientPage } = await followGithubSignIn(
      strict,
      '/api/auth/github/url',
      'gh-staff-code',
    );
    expect(clientPage.searchParams.get('error')).toBe(
      'Staff accounts sign in with Springfield SSO on this server, not with GitHub. Use "Sign in with Springfield SSO".',
    );

    await strict.db
      .updateTable('people')
      .set({ email: 'staffer@school.test' })
      .where('id', '=', githubStaff.id)
      .execute();
    provider.nextUser = schoolUser({ email: 'staffer@school.test', email_verified: true });
    const start = await strict.request({ method: 'GET', url: '/api/auth/oidc/url' });
    const authorize = await fetch(start.headers.location as string, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location') ?? '');
    const answer = await strict.request({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: stateCookieOf(start) },
    });
    const code = new URL(answer.headers.location as string).searchParams.get('code') ?? '';
    const exchanged = await exchangeOneTimeCode(strict, code);
    expect(exchanged.statusCode).toBe(200);
    const profile = await strict.request({
      method: 'GET',
      url: '/api/profile',
      token: exchanged.json().key,
    });
    expect(profile.json().id).toBe(githubStaff.id);
  });
});
