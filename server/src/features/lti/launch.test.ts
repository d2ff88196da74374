import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCohort, createLearner, createStaff } from '../../../test/factories.ts';
import { FakeLtiPlatform, ROLES } from '../../../test/fake-lti-platform.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

// Launches from a fake LMS (test/fake-lti-platform.ts) through the login initiation, its
// authorization endpoint and our launch URL, as a browser would follow them.

const FORM = 'application/x-www-form-urlencoded';
let ctx: TestContext;
let lms: FakeLtiPlatform;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  ctx = await createTestContext();
  lms = await new FakeLtiPlatform().start();
  staff = await createStaff(ctx.db);
  const registered = await ctx.request({
    method: 'POST',
    url: '/api/lti/platforms',
    token: staff.token,
    payload: lms.registration(),
  });
  expect(registered.statusCode).toBe(201);
  lms.users.set('teacher', {
    sub: 'lms-teacher-1',
    given_name: 'Grace',
    family_name: 'Hopper',
    email: 'grace@school.example',
    roles: ROLES.instructor,
  });
  lms.users.set('pupil', {
    sub: 'lms-pupil-1',
    given_name: 'Ada',
    family_name: 'Lovelace',
    email: 'ada@school.example',
    roles: ROLES.learner,
  });
  lms.users.set('admin', {
    sub: 'lms-admin-1',
    given_name: 'Root',
    family_name: 'Admin',
    email: 'root@school.example',
    roles: ROLES.administrator,
  });
});
afterAll(async () => {
  await ctx.close();
  await lms.stop();
});

const launchUrl = () => `${ctx.config.publicUrl}/api/lti/launch`;

/** The browser's way up to the form the platform auto-posts. */
async function platformForm(hint: string) {
  const login = await ctx.request({
    method: 'GET',
    url: `/api/lti/login?${lms.loginQuery(hint, launchUrl())}`,
    headers: { accept: 'text/html' },
  });
  expect(login.statusCode, login.body).toBe(302);
  const form = await lms.authorize(String(login.headers.location));
  expect(form.status).toBe(200);
  return { ...form, cookie: cookieOf(login) };
}

/** The cookie a login leaves in the browser, as the browser sends it back. */
const cookieOf = (login: { headers: Record<string, unknown> }) =>
  String(login.headers['set-cookie'] ?? '').split(';')[0] ?? '';

const post = (form: { id_token: string; state: string; cookie: string }) =>
  ctx.request({
    method: 'POST',
    url: '/api/lti/launch',
    headers: { 'content-type': FORM, accept: 'text/html', cookie: form.cookie },
    payload: new URLSearchParams({ id_token: form.id_token, state: form.state }).toString(),
  });

async function launch(hint: string) {
  return post(await platformForm(hint));
}

/** Follows a launch's redirect to the client as the client does: its code for a session. */
async function signedIn(location: string) {
  const target = new URL(location);
  expect(target.pathname).toBe('/auth/lti');
  const exchanged = await ctx.request({
    method: 'POST',
    url: '/api/auth/github',
    payload: { code: target.searchParams.get('code') },
  });
  expect(exchanged.statusCode).toBe(200);
  const token = exchanged.json().key as string;
  const profile = await ctx.request({ method: 'GET', url: '/api/profile', token });
  return { target, profile: profile.json() };
}

describe('an LTI launch', () => {
  it('sends the browser to the platform with a state and a nonce', async () => {
    const login = await ctx.request({
      method: 'GET',
      url: `/api/lti/login?${lms.loginQuery('teacher', launchUrl())}`,
    });
    const location = new URL(String(login.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${lms.url}/authorize`);
    expect(location.searchParams.get('redirect_uri')).toBe(launchUrl());
    expect(location.searchParams.get('response_mode')).toBe('form_post');
    expect(location.searchParams.get('state')).toHaveLength(32);
    expect(location.searchParams.get('nonce')).toHaveLength(32);
    // The browser keeps the state too, for the platform's cross-site post of the launch.
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toContain(
      `lp_lti_${location.searchParams.get('state')}=${location.searchParams.get('state')}`,
    );
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Path=\/api\/lti\/launch/);
  });

  it('signs an instructor in as staff and lands them on the linked cohort', async () => {
    const first = await launch('teacher');
    expect(first.statusCode, first.body).toBe(302);
    const { target, profile } = await signedIn(String(first.headers.location));
    expect(profile).toMatchObject({
      staff: true,
      person: { first_name: 'Grace', last_name: 'Hopper' },
    });
    expect(target.searchParams.get('cohort')).toBeNull();

    // Staff link the course once; the next launch names its cohort.
    const cohort = await createCohort(ctx.db, { name: 'Day Cohort 70' });
    const contexts = await ctx.request({
      method: 'GET',
      url: '/api/lti/contexts',
      token: staff.token,
    });
    const course = contexts.json()[0];
    expect(course).toMatchObject({
      title: 'Web Development 101',
      cohort_id: null,
      has_roster: true,
    });
    const linked = await ctx.request({
      method: 'PUT',
      url: `/api/lti/contexts/${course.id}/cohort`,
      token: staff.token,
      payload: { cohort_id: cohort.id },
    });
    expect(linked.json()).toMatchObject({ cohort_name: 'Day Cohort 70' });
    const again = await signedIn(String((await launch('teacher')).headers.location));
    expect(again.target.searchParams.get('cohort')).toBe(String(cohort.id));
    // An instructor of the course coaches its cohort.
    expect(again.profile.cohorts).toEqual([{ id: cohort.id, name: 'Day Cohort 70' }]);
    // The same LMS user is the same account.
    expect(again.profile.id).toBe(profile.id);
  });

  it('signs a learner in as a learner, into the linked cohort', async () => {
    const response = await launch('pupil');
    expect(response.statusCode, response.body).toBe(302);
    const { profile } = await signedIn(String(response.headers.location));
    expect(profile).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      staff: false,
      current_cohort: { name: 'Day Cohort 70' },
    });
  });

  it('links a launch to the one existing account of its email, of the same role', async () => {
    const learner = await createLearner(ctx.db);
    await ctx.db
      .updateTable('people')
      .set({ email: 'Linus@School.example' })
      .where('id', '=', learner.id)
      .execute();
    lms.users.set('linus', {
      sub: 'lms-linus',
      given_name: 'Linus',
      family_name: 'T',
      email: 'linus@school.example',
      roles: ROLES.learner,
    });
    const { profile } = await signedIn(String((await launch('linus')).headers.location));
    expect(profile.id).toBe(learner.id);
  });

  it('never gives a learner launch the staff account of its email', async () => {
    const boss = await createStaff(ctx.db);
    await ctx.db
      .updateTable('people')
      .set({ email: 'boss@school.example' })
      .where('id', '=', boss.id)
      .execute();
    lms.users.set('impostor', {
      sub: 'lms-impostor',
      given_name: 'Boss',
      family_name: 'Like',
      email: 'boss@school.example',
      roles: ROLES.learner,
    });
    const { profile } = await signedIn(String((await launch('impostor')).headers.location));
    expect(profile.id).not.toBe(boss.id);
    expect(profile.staff).toBe(false);
  });
});

describe('a refused launch', () => {
  async function refused(spoil: FakeLtiPlatform['spoil'], hint = 'pupil') {
    lms.spoil = spoil;
    try {
      return await launch(hint);
    } finally {
      lms.spoil = {};
    }
  }

  function expectPage(response: Awaited<ReturnType<typeof launch>>, words: string) {
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('The launch from your LMS did not sign you in');
    expect(response.body).toContain(words);
  }

  it('names a wrong signature', async () => {
    expectPage(
      await refused({ foreignKey: true }),
      'signature does not verify with the keys of Fake LMS',
    );
  });

  it('names an expired token', async () => {
    expectPage(await refused({ expired: true }), 'The id_token has expired');
  });

  it('names a wrong audience', async () => {
    expectPage(
      await refused({ audience: 'someone-else' }),
      'its audience (aud) does not include our client id',
    );
  });

  it('names a replayed nonce', async () => {
    const form = await platformForm('pupil');
    expect((await post(form)).statusCode).toBe(302);
    expectPage(await post(form), 'This launch was already used: its nonce is spent');
  });

  it('names a nonce other than the login gave', async () => {
    expectPage(await refused({ nonce: 'made-up' }), "The id_token's nonce is not the one");
  });

  it('names an unknown deployment', async () => {
    expectPage(
      await refused({ deploymentId: 'deployment-9' }),
      "The deployment 'deployment-9' is not registered for Fake LMS",
    );
  });

  it('names a wrong message type and version', async () => {
    expectPage(
      await refused({ messageType: 'LtiDeepLinkingRequest' }),
      "The message type is 'LtiDeepLinkingRequest', not LtiResourceLinkRequest",
    );
    expectPage(await refused({ version: '1.1' }), "The LTI version is '1.1', not 1.3.0");
  });

  it('names a role that has no place here', async () => {
    expectPage(await refused({}, 'admin'), 'has no place here');
  });

  it('names an unknown state, and answers scripts in JSON', async () => {
    const form = await platformForm('pupil');
    const forged = { ...form, state: 'forged', cookie: 'lp_lti_forged=forged' };
    expectPage(await post(forged), 'The launch has no known state');
    const script = await ctx.request({
      method: 'POST',
      url: '/api/lti/launch',
      headers: { 'content-type': FORM, cookie: forged.cookie },
      payload: new URLSearchParams({ id_token: form.id_token, state: 'forged' }).toString(),
    });
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toContain('The launch has no known state');
  });

  it('is taken only from the browser that began its login', async () => {
    const form = await platformForm('pupil');
    const other = await platformForm('pupil');
    // Another browser posts the form: it holds no cookie of this login, or another login's.
    for (const cookie of ['', other.cookie]) {
      expectPage(await post({ ...form, cookie }), 'This launch was not begun in this browser');
    }
    // Refused there, the form still signs in the browser that began it, and that browser alone.
    const launched = await post(form);
    expect(launched.statusCode, launched.body).toBe(302);
    expect(String(launched.headers['set-cookie'])).toMatch(
      new RegExp(`lp_lti_${form.state}=;.*Expires=Thu, 01 Jan 1970`),
    );
  });

  it('names an unregistered platform at the login', async () => {
    const login = await ctx.request({
      method: 'GET',
      url: `/api/lti/login?iss=https%3A%2F%2Flms.elsewhere.example&login_hint=x&target_link_uri=${encodeURIComponent(launchUrl())}`,
      headers: { accept: 'text/html' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.body).toContain(
      'No LMS platform with issuer https://lms.elsewhere.example is registered',
    );
  });

  it('names a missing field of the launch form', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/lti/launch',
      headers: { 'content-type': FORM, accept: 'text/html' },
      payload: 'state=abc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('id_token is required');
  });
});
