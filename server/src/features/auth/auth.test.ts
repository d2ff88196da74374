import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeaderFor } from '../../../test/browser-cookies.ts';
import { eventually } from '../../../test/eventually.ts';
import {
  addCohortCourse,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
} from '../../../test/factories.ts';
import { FakeGithub } from '../../../test/fake-github.ts';
import {
  exchangeOneTimeCode,
  followGithubSignIn,
  githubSettings,
} from '../../../test/github-sign-in.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let github: FakeGithub;

beforeAll(async () => {
  github = await new FakeGithub().start();
  ctx = await createTestContext({
    ...githubSettings(github),
    staffGithubLogins: ['boss-login'],
    // Every request here comes from one address: only the per-account limit is under test.
    signInAddressRateLimit: 100_000,
  });
});
afterAll(async () => {
  await ctx.close();
  await github.stop();
});

/** Our URL → GitHub → our callback → the client page, checking each hop. */
async function signInThroughGithub(code: string, query = '') {
  const { start, authorize, callback, clientPage } = await followGithubSignIn(
    ctx,
    `/api/auth/github/url${query}`,
    code,
  );
  expect(start.statusCode).toBe(302);
  expect(authorize.origin + authorize.pathname).toBe(`${github.url}/login/oauth/authorize`);
  expect(authorize.searchParams.get('redirect_uri')).toBe(
    'http://api.test/api/auth/github/callback',
  );
  expect(callback.statusCode).toBe(302);
  expect(clientPage.origin + clientPage.pathname).toBe('http://app.test/auth/github');
  return clientPage.searchParams;
}

const exchange = (oneTimeCode: string) => exchangeOneTimeCode(ctx, oneTimeCode);

describe('password sign-in', () => {
  it('answers a token for the right password and a clear 400 otherwise', async () => {
    await createStaff(ctx.db, { username: 'Coach', password: 'correct horse' });
    const ok = await ctx.request({
      method: 'POST',
      url: '/api/accounts/verify',
      payload: { username: 'coach', password: 'correct horse' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/json');
    const token = ok.json().token as string;
    const profile = await ctx.request({ method: 'GET', url: '/api/profile', token });
    expect(profile.statusCode).toBe(200);

    const wrong = await ctx.request({
      method: 'POST',
      url: '/api/accounts/verify',
      payload: { username: 'coach', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Unable to log in with provided credentials.');
  });

  it('names the missing field', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/accounts/verify',
      payload: { username: 'coach' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('password');
  });

  it('limits repeated attempts for one user name', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/accounts/verify',
        payload: { username: 'victim', password: `guess${i}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('limits on failed password sign-ins', () => {
  const attempt = (username: string, password: string, headers: Record<string, string> = {}) =>
    ctx.request({
      method: 'POST',
      url: '/api/accounts/verify',
      payload: { username, password },
      headers,
    });

  it('cannot be dodged by naming another address in X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      const response = await attempt('rotating-victim', `guess${i}`, {
        'x-forwarded-for': `203.0.113.${i + 1}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(5).fill(429));
  });

  it('says when to try again', async () => {
    for (let i = 0; i < 10; i += 1) await attempt('patient-victim', `guess${i}`);
    const response = await attempt('patient-victim', 'guess-again');
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toMatch(
      /^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/,
    );
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('never counts successful sign-ins: many tabs, many sign-ins a day', async () => {
    await createStaff(ctx.db, { username: 'busy-coach', password: 'correct horse' });
    for (let i = 0; i < 25; i += 1) {
      const response = await attempt('busy-coach', 'correct horse');
      expect(response.statusCode).toBe(200);
    }
  });

  it('refuses even the right password while the account is over its limit', async () => {
    await createStaff(ctx.db, { username: 'locked-coach', password: 'correct horse' });
    for (let i = 0; i < 10; i += 1) await attempt('locked-coach', `wrong${i}`);
    expect((await attempt('locked-coach', 'correct horse')).statusCode).toBe(429);
  });
});

describe('failed sign-ins per address, behind a trusted proxy', () => {
  let behindProxy: TestContext;
  beforeAll(async () => {
    // Injected requests come from 127.0.0.1: here that is the reverse proxy named in TRUST_PROXY.
    behindProxy = await createTestContext({
      trustProxy: ['127.0.0.1'],
      signInAddressRateLimit: 20,
    });
  });
  afterAll(() => behindProxy.close());

  const send = (username: string, forwardedFor: string) =>
    behindProxy.request({
      method: 'POST',
      url: '/api/accounts/verify',
      payload: { username, password: 'Winter2026!' },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('limits one address spraying many user names, and no other address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1)
      statuses.push((await send(`sprayed${i}`, '198.51.100.7')).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    expect((await send('someone', '198.51.100.8')).statusCode).toBe(400);
  });
});

describe('GitHub sign-in', () => {
  it('creates a learner on first sign-in and signs them in with the key', async () => {
    github.codes.set('code-new', { id: 501, login: 'newbie', name: 'Nova Learner' });
    const params = await signInThroughGithub('code-new');
    const response = await exchange(params.get('code') ?? '');
    expect(response.statusCode).toBe(200);
    const profile = await ctx.request({
      method: 'GET',
      url: '/api/profile',
      token: response.json().key,
    });
    expect(profile.json()).toMatchObject({ name: 'Nova Learner', github: 'newbie', staff: false });
    // GitHub saw our client secret and the code, nothing else.
    const exchangeCall = github.requests.find(
      (request) => request.path === '/login/oauth/access_token',
    );
    expect(exchangeCall?.body).toMatchObject({
      client_id: 'client-id',
      client_secret: 'client-secret',
      code: 'code-new',
    });
  });

  it('uses a one-time code only once', async () => {
    github.codes.set('code-once', { id: 502, login: 'once', name: 'One Time' });
    const params = await signInThroughGithub('code-once');
    expect((await exchange(params.get('code') ?? '')).statusCode).toBe(200);
    const again = await exchange(params.get('code') ?? '');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('code');
  });

  it('refuses a callback with an unknown state', async () => {
    github.codes.set('code-forged', { id: 503, login: 'forger', name: 'F' });
    // The browser's cookie and the callback agree, on a state this server never began.
    const callback = await ctx.request({
      method: 'GET',
      url: '/api/auth/github/callback?code=code-forged&state=made-up',
      headers: { cookie: 'lp_github_state=made-up' },
    });
    const target = new URL(callback.headers.location as string);
    expect(target.searchParams.get('error')).toContain('expired');
    expect(target.searchParams.get('code')).toBeNull();
  });

  it('grants staff only from the allow-list, never from a role parameter', async () => {
    github.codes.set('code-role', { id: 504, login: 'sneaky', name: 'Sneaky Person' });
    const params = await signInThroughGithub('code-role', '?role=Staff');
    const key = (await exchange(params.get('code') ?? '')).json().key;
    const profile = await ctx.request({
      method: 'GET',
      url: '/api/profile?role=Staff',
      token: key,
    });
    expect(profile.json().staff).toBe(false);

    github.codes.set('code-boss', { id: 505, login: 'Boss-Login', name: 'The Boss' });
    const bossParams = await signInThroughGithub('code-boss');
    const bossKey = (await exchange(bossParams.get('code') ?? '')).json().key;
    const bossProfile = await ctx.request({ method: 'GET', url: '/api/profile', token: bossKey });
    expect(bossProfile.json()).toMatchObject({
      staff: true,
      person: { first_name: 'The', last_name: 'Boss' },
    });
  });

  it('enrols through an invitation with the right secret and assigns the first project', async () => {
    const cohort = await createCohort(ctx.db, { name: 'Invited Cohort' });
    const course = await createCourse(ctx.db, { name: 'Client Side' });
    await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
    await ctx.db
      .insertInto('cohort_info')
      .values({ cohort_id: cohort.id, student_organization_url: 'https://github.com/invited-org' })
      .execute();
    github.codes.set('code-invited', { id: 506, login: 'invitee', name: 'In Vitee' });
    const params = await signInThroughGithub(
      'code-invited',
      `?cohort=${cohort.id}&v=${cohort.invitation_secret}`,
    );
    const key = (await exchange(params.get('code') ?? '')).json().key;
    const profile = (await ctx.request({ method: 'GET', url: '/api/profile', token: key })).json();
    expect(profile.current_cohort).toMatchObject({ id: cohort.id, name: 'Invited Cohort' });
    expect(profile.project).toMatchObject({ name: 'Project 1.1', book_name: 'Book 1' });
    // The organisation invitation goes to GitHub with the server token, by a job.
    const invite = await eventually(() => {
      const found = github.requests.find(
        (request) =>
          request.method === 'PUT' && request.path === '/orgs/invited-org/memberships/invitee',
      );
      expect(found).toBeDefined();
      return found;
    });
    expect(invite?.authorization).toBe('Bearer server-token');
  });

  it('enrols no one when the invitation secret is wrong, and says so', async () => {
    const cohort = await createCohort(ctx.db, { name: 'Guarded Cohort' });
    // Refused before GitHub: no sign-in is started on a link that is not valid.
    const start = await ctx.request({
      method: 'GET',
      url: `/api/auth/github/url?cohort=${cohort.id}&v=not-the-secret`,
    });
    expect(start.statusCode).toBe(404);
    // A sign-in started on a secret that is no longer the cohort's signs in, enrols no one, and
    // the client page hears why.
    github.codes.set('code-wrong', { id: 507, login: 'gatecrasher', name: 'Gate Crasher' });
    await ctx.db
      .insertInto('sign_in_grants')
      .values({ state: 'stale-state', cohort_id: cohort.id, invitation: 'not-the-secret' })
      .execute();
    const callback = await ctx.request({
      method: 'GET',
      url: '/api/auth/github/callback?code=code-wrong&state=stale-state',
      headers: { cookie: 'lp_github_state=stale-state' },
    });
    const params = new URL(callback.headers.location as string).searchParams;
    expect(params.get('invitation')).toBe('invalid');
    const key = (await exchange(params.get('code') ?? '')).json().key;
    const profile = (await ctx.request({ method: 'GET', url: '/api/profile', token: key })).json();
    expect(profile.current_cohort).toEqual({ name: 'Unassigned' });
    const members = await ctx.db
      .selectFrom('cohort_memberships')
      .selectAll()
      .where('cohort_id', '=', cohort.id)
      .execute();
    expect(members).toHaveLength(0);
  });
});

describe('GitHub sign-in finished in another browser', () => {
  const CALLBACK_PATH = '/api/auth/github/callback';
  const start = () => ctx.request({ method: 'GET', url: '/api/auth/github/url' });
  const stateOf = (started: LightMyRequestResponse) =>
    new URL(started.headers.location as string).searchParams.get('state') ?? '';
  const callback = (code: string, state: string, cookie: string) =>
    ctx.request({
      method: 'GET',
      url: `${CALLBACK_PATH}?code=${code}&state=${state}`,
      headers: { cookie },
    });
  const accountsOf = (githubId: number) =>
    ctx.db.selectFrom('people').select('id').where('github_id', '=', githubId).execute();

  it("keeps the attempt's state in a cookie only the sign-in's own routes get, for ten minutes", async () => {
    const started = await start();
    expect(started.cookies).toEqual([
      {
        name: 'lp_github_state',
        value: stateOf(started),
        path: '/api/auth/github',
        maxAge: 600,
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
    expect(cookieHeaderFor(started, CALLBACK_PATH)).toBe(`lp_github_state=${stateOf(started)}`);
    expect(cookieHeaderFor(started, '/api/profile')).toBe('');
  });

  it("refuses a callback without the attempt's cookie, or with another attempt's, before GitHub is asked", async () => {
    github.codes.set('code-elsewhere', { id: 520, login: 'elsewhere', name: 'Else Where' });
    const begun = await start();
    const otherAttempt = await start();
    for (const cookie of ['', cookieHeaderFor(otherAttempt, CALLBACK_PATH)]) {
      const refused = await callback('code-elsewhere', stateOf(begun), cookie);
      const page = new URL(refused.headers.location as string);
      expect(page.origin + page.pathname).toBe('http://app.test/auth/github');
      expect(page.searchParams.get('error')).toBe(
        'This sign-in was not begun in this browser (or it took too long). Please begin it again here.',
      );
      expect(page.searchParams.get('code')).toBeNull();
      // A crafted link leaves the cookie of the browser's own attempt under way.
      expect(refused.cookies).toEqual([]);
    }
    // The code was never traded at GitHub, and no one was signed in or made an account.
    expect(
      github.requests.filter(
        (request) =>
          request.path === '/login/oauth/access_token' &&
          (request.body as { code?: string }).code === 'code-elsewhere',
      ),
    ).toEqual([]);
    expect(await accountsOf(520)).toEqual([]);

    // The browser that began it still finishes it, and its cookie is then cleared.
    const finished = await callback(
      'code-elsewhere',
      stateOf(begun),
      cookieHeaderFor(begun, CALLBACK_PATH),
    );
    const page = new URL(finished.headers.location as string);
    expect(page.searchParams.get('error')).toBeNull();
    expect((await exchange(page.searchParams.get('code') ?? '')).statusCode).toBe(200);
    expect(await accountsOf(520)).toHaveLength(1);
    expect(finished.cookies).toMatchObject([
      { name: 'lp_github_state', value: '', path: '/api/auth/github' },
    ]);
  });
});

describe('GitHub sign-in of a learner imported from a roster', () => {
  it('signs them in to the account staff made for their login, in its cohort', async () => {
    const staff = await createStaff(ctx.db);
    const cohort = await createCohort(ctx.db, { name: 'Roster Cohort' });
    const imported = await ctx.request({
      method: 'POST',
      url: `/api/cohorts/${cohort.id}/roster`,
      token: staff.token,
      headers: { 'content-type': 'text/csv' },
      payload:
        'First name,Last name,GitHub login,Email\nRosa,Import,rosa-import,rosa@example.com\n',
    });
    expect(imported.statusCode).toBe(200);

    github.codes.set('code-rosa', { id: 508, login: 'Rosa-Import', name: 'R. I.' });
    const params = await signInThroughGithub('code-rosa');
    const key = (await exchange(params.get('code') ?? '')).json().key;
    const profile = (await ctx.request({ method: 'GET', url: '/api/profile', token: key })).json();
    expect(profile).toMatchObject({ name: 'Rosa Import', github: 'Rosa-Import', staff: false });
    expect(profile.current_cohort).toMatchObject({ id: cohort.id, name: 'Roster Cohort' });
    const accounts = await ctx.db
      .selectFrom('people')
      .select(['github_id'])
      .where((eb) => eb(eb.fn('lower', ['github_login']), '=', 'rosa-import'))
      .execute();
    expect(accounts).toEqual([{ github_id: 508 }]);
  });

  it('never hands a staff login an imported learner account', async () => {
    await createLearner(ctx.db, { githubLogin: 'boss-login' });
    github.codes.set('code-boss-2', { id: 509, login: 'boss-login', name: 'Boss Two' });
    const params = await signInThroughGithub('code-boss-2');
    const key = (await exchange(params.get('code') ?? '')).json().key;
    const profile = (await ctx.request({ method: 'GET', url: '/api/profile', token: key })).json();
    expect(profile).toMatchObject({
      staff: true,
      person: { first_name: 'Boss', last_name: 'Two' },
    });
  });
});

describe('logout', () => {
  it('revokes the token server-side', async () => {
    const learner = await createLearner(ctx.db);
    const out = await ctx.request({
      method: 'POST',
      url: '/api/auth/logout',
      token: learner.token,
    });
    expect(out.statusCode).toBe(204);
    const after = await ctx.request({ method: 'GET', url: '/api/profile', token: learner.token });
    expect(after.statusCode).toBe(401);
  });
});
