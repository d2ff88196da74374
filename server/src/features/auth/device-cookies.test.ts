import { sign } from '@fastify/cookie';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLearner } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

// Device cookies: a browser that signed in as a user name before is held to its own failures
// only, so strangers failing on the account, or from the address it shares with a classroom,
// never lock it out; every other browser is held to the account's and the address's limits.

let ctx: TestContext;
beforeAll(async () => {
  // Injected requests come from 127.0.0.1: here that is the reverse proxy named in TRUST_PROXY,
  // so X-Forwarded-For gives each attempt its caller's address. The limits are the defaults:
  // 10 failures per account (and per device), 50 per address, within 15 minutes.
  ctx = await createTestContext({ trustProxy: ['127.0.0.1'] });
});
afterAll(() => ctx.close());

const PASSWORD = 'correct horse';

/** The browser's device cookies, by name, as it would send them back. */
type Jar = Record<string, string>;

interface Attempt {
  /** The caller's address. */
  from: string;
  jar?: Jar;
  headers?: Record<string, string>;
}

const attempt = (username: string, password: string, { from, jar, headers }: Attempt) =>
  ctx.request({
    method: 'POST',
    url: '/api/accounts/verify',
    payload: { username, password },
    headers: { 'x-forwarded-for': from, ...headers },
    cookies: jar,
  });

/** A browser that signed in as this user name with its password: its cookie jar. */
async function knownDevice(username: string, from: string): Promise<Jar> {
  const response = await attempt(username, PASSWORD, { from });
  expect(response.statusCode).toBe(200);
  return jarOf(response);
}

function jarOf(response: LightMyRequestResponse): Jar {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
}

/** The only cookie of a jar, as [name, value]. */
function onlyCookie(jar: Jar): [string, string] {
  const entries = Object.entries(jar);
  expect(entries).toHaveLength(1);
  return entries[0] as [string, string];
}

/** Fails `count` times on the account without a device cookie, each from another address. */
async function strangersFail(username: string, count: number, network: string) {
  for (let i = 0; i < count; i += 1) {
    const response = await attempt(username, `guess${i}`, { from: `${network}.${i + 1}` });
    expect(response.statusCode).toBe(400);
  }
}

function expectLockedOut(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json().message).toMatch(
    /^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/,
  );
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('the device cookie', () => {
  it('is set by a successful password sign-in: signed, HttpOnly, SameSite=Lax, for a year, sent only to sign-in', async () => {
    await createLearner(ctx.db, { username: 'Cookie-Owner', password: PASSWORD });
    const response = await attempt('cookie-owner', PASSWORD, { from: '192.0.2.1' });
    expect(response.statusCode).toBe(200);
    expect(response.cookies).toHaveLength(1);
    const [cookie] = response.cookies;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/accounts/verify',
      maxAge: 365 * 86_400,
    });
    expect(cookie?.secure).toBeFalsy();
    // It names the user name and a random nonce, and carries the server's signature after them.
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{24}:cookie-owner\.[A-Za-z0-9+/]+$/);

    const again = await attempt('cookie-owner', PASSWORD, { from: '192.0.2.1' });
    expect(again.cookies[0]?.value).not.toBe(cookie?.value);
  });

  it('is Secure when the request came over https', async () => {
    await createLearner(ctx.db, { username: 'secure-owner', password: PASSWORD });
    const response = await attempt('secure-owner', PASSWORD, {
      from: '192.0.2.2',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies[0]?.secure).toBe(true);
  });

  it('is not given for a wrong password', async () => {
    await createLearner(ctx.db, { username: 'no-cookie', password: PASSWORD });
    const response = await attempt('no-cookie', 'wrong', { from: '192.0.2.3' });
    expect(response.statusCode).toBe(400);
    expect(response.cookies).toEqual([]);
  });
});

describe('a browser that signed in before', () => {
  it('still gets in with the right password while strangers have locked the account', async () => {
    await createLearner(ctx.db, { username: 'targeted', password: PASSWORD });
    const laptop = await knownDevice('targeted', '10.1.0.1');

    await strangersFail('targeted', 10, '203.0.113');
    // Locked for every browser without the cookie, even with the right password...
    expectLockedOut(await attempt('targeted', PASSWORD, { from: '10.1.0.2' }));
    // ...but not for the owner's laptop, whose own typo is a plain 400.
    expect((await attempt('targeted', 'typo', { from: '10.1.0.1', jar: laptop })).statusCode).toBe(
      400,
    );
    const back = await attempt('targeted', PASSWORD, { from: '10.1.0.1', jar: laptop });
    expect(back.statusCode).toBe(200);
    expect(back.json().token).toEqual(expect.any(String));
    // Its signing in did not reset the strangers' count: the account stays locked for them.
    expectLockedOut(await attempt('targeted', PASSWORD, { from: '203.0.113.99' }));
  });

  it('still gets in from an address that fifty failures locked', async () => {
    await createLearner(ctx.db, { username: 'classmate', password: PASSWORD });
    const classroom = '198.51.100.50';
    const desk = await knownDevice('classmate', classroom);

    // Someone in the same classroom (one NAT) sprays fifty user names.
    for (let i = 0; i < 50; i += 1) {
      const response = await attempt(`sprayed${i}`, 'Winter2026!', { from: classroom });
      expect(response.statusCode).toBe(400);
    }
    expectLockedOut(await attempt('classmate', PASSWORD, { from: classroom }));
    expect((await attempt('classmate', PASSWORD, { from: classroom, jar: desk })).statusCode).toBe(
      200,
    );
  });

  it('is locked out by its own ten failures, while another known browser of the account is not', async () => {
    await createLearner(ctx.db, { username: 'two-laptops', password: PASSWORD });
    const first = await knownDevice('two-laptops', '10.2.0.1');
    const second = await knownDevice('two-laptops', '10.2.0.2');
    expect(onlyCookie(first)[1]).not.toBe(onlyCookie(second)[1]);

    for (let i = 0; i < 10; i += 1) {
      const response = await attempt('two-laptops', `wrong${i}`, { from: '10.2.0.1', jar: first });
      expect(response.statusCode).toBe(400);
    }
    expectLockedOut(await attempt('two-laptops', PASSWORD, { from: '10.2.0.1', jar: first }));

    expect(
      (await attempt('two-laptops', 'wrong', { from: '10.2.0.2', jar: second })).statusCode,
    ).toBe(400);
    expect(
      (await attempt('two-laptops', PASSWORD, { from: '10.2.0.2', jar: second })).statusCode,
    ).toBe(200);
    // The device's failures were its own: the account is not locked for a new browser either.
    expect((await attempt('two-laptops', PASSWORD, { from: '10.2.0.3' })).statusCode).toBe(200);
  });

  it("is one of several on a shared computer: each person's cookie holds for their own account", async () => {
    await createLearner(ctx.db, { username: 'morning-learner', password: PASSWORD });
    await createLearner(ctx.db, { username: 'evening-learner', password: PASSWORD });
    const shared = {
      ...(await knownDevice('morning-learner', '10.3.0.1')),
      ...(await knownDevice('evening-learner', '10.3.0.1')),
    };
    expect(Object.keys(shared)).toHaveLength(2);
    await strangersFail('morning-learner', 10, '203.0.114');
    await strangersFail('evening-learner', 10, '203.0.115');
    for (const username of ['morning-learner', 'evening-learner'])
      expect(
        (await attempt(username, PASSWORD, { from: '10.3.0.1', jar: shared })).statusCode,
      ).toBe(200);
  });
});

describe('a cookie the server did not sign for that user name', () => {
  /** An account strangers locked, and a browser that signed in to it before. */
  async function lockedAccountWithDevice(username: string, network: string) {
    await createLearner(ctx.db, { username, password: PASSWORD });
    const jar = await knownDevice(username, `${network}.200`);
    await strangersFail(username, 10, network);
    // The genuine cookie gets in: what follows is refused for its cookie alone.
    expect((await attempt(username, PASSWORD, { from: `${network}.200`, jar })).statusCode).toBe(
      200,
    );
    return onlyCookie(jar);
  }

  it('counts as no cookie when it is tampered with or forged', async () => {
    const [name, value] = await lockedAccountWithDevice('tamper-target', '203.0.116');
    const signature = value.slice(value.lastIndexOf('.'));
    const nonce = value.slice(0, value.indexOf(':'));
    const otherNonce = `${nonce.slice(0, -1)}${nonce.endsWith('A') ? 'B' : 'A'}`;
    const refused = [
      // Another nonce under the genuine signature.
      `${otherNonce}:tamper-target${signature}`,
      // The genuine value with its signature changed.
      `${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`,
      // Unsigned.
      `${nonce}:tamper-target`,
      // Signed with a key that is not the server's.
      sign(`${nonce}:tamper-target`, 'a-key-that-is-not-the-servers'),
      // Garbage.
      'not-a-device-cookie',
    ];
    for (const forged of refused)
      expectLockedOut(
        await attempt('tamper-target', PASSWORD, { from: '10.4.0.1', jar: { [name]: forged } }),
      );
  });

  it("counts as no cookie when it is another user name's", async () => {
    const [lockedName] = await lockedAccountWithDevice('locked-owner', '203.0.117');
    await createLearner(ctx.db, { username: 'neighbour', password: PASSWORD });
    const [, neighbours] = onlyCookie(await knownDevice('neighbour', '10.5.0.1'));
    // The neighbour's genuine cookie, presented under the locked account's cookie name.
    expectLockedOut(
      await attempt('locked-owner', PASSWORD, {
        from: '10.5.0.1',
        jar: { [lockedName]: neighbours },
      }),
    );
  });
});

describe('a browser without a device cookie for the user name', () => {
  it('is still limited per account, even holding device cookies of other user names', async () => {
    await createLearner(ctx.db, { username: 'other-account', password: PASSWORD });
    const jar = await knownDevice('other-account', '10.6.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push(
        (await attempt('unknown-target', `guess${i}`, { from: `10.6.1.${i + 1}`, jar })).statusCode,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expectLockedOut(await attempt('unknown-target', 'guess', { from: '10.6.2.1', jar }));
  });

  it('is still limited per address, whatever user names it tries', async () => {
    const address = '198.51.100.60';
    const statuses: number[] = [];
    for (let i = 0; i < 52; i += 1)
      statuses.push((await attempt(`nobody${i}`, 'Winter2026!', { from: address })).statusCode);
    expect(statuses.slice(0, 50)).toEqual(Array(50).fill(400));
    expect(statuses.slice(50)).toEqual([429, 429]);
    await createLearner(ctx.db, { username: 'new-here', password: PASSWORD });
    expectLockedOut(await attempt('new-here', PASSWORD, { from: address }));
    // Another address is not held to it.
    expect((await attempt('new-here', PASSWORD, { from: '198.51.100.61' })).statusCode).toBe(200);
  });
});

describe('a client on another origin (CORS_ORIGIN)', () => {
  let crossOrigin: TestContext;
  beforeAll(async () => {
    crossOrigin = await createTestContext({ corsOrigin: 'http://app.test' });
  });
  afterAll(() => crossOrigin.close());

  it('may send and receive the device cookie: the answer allows credentials', async () => {
    const preflight = await crossOrigin.request({
      method: 'OPTIONS',
      url: '/api/accounts/verify',
      headers: {
        origin: 'http://app.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBe('http://app.test');
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');

    await createLearner(crossOrigin.db, { username: 'far-away', password: PASSWORD });
    const response = await crossOrigin.request({
      method: 'POST',
      url: '/api/accounts/verify',
      payload: { username: 'far-away', password: PASSWORD },
      headers: { origin: 'http://app.test' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('http://app.test');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.cookies).toHaveLength(1);
  });
});
