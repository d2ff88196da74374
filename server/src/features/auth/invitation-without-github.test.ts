import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentMembershipOf, currentProjectOf } from '../../../test/calendar-factories.ts';
import {
  addCohortCourse,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

// An invitation link (/api/auth/github/url?cohort=&v=) is opened in a browser. Without GitHub
// sign-in configured (the default), the person lands on the client's join page, where they
// choose a username and password (password sign-in) and join the cohort.
let ctx: TestContext;
let cohort: Awaited<ReturnType<typeof createCohort>>;
let invitation: string;

beforeAll(async () => {
  ctx = await createTestContext({ clientUrl: 'http://app.test' });
  cohort = await createCohort(ctx.db, { name: 'Invited Cohort' });
  const course = await createCourse(ctx.db, { name: 'Invited course' });
  await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
  invitation = `/api/auth/github/url?cohort=${cohort.id}&v=${cohort.invitation_secret}`;
});
afterAll(() => ctx.close());

const HTML = 'text/html,application/xhtml+xml,*/*;q=0.8';
const GITHUB_OFF = 'GitHub sign-in is not configured on this server.';

let n = 0;
const account = (overrides: Record<string, unknown> = {}) => {
  n += 1;
  return {
    cohort: cohort.id,
    v: cohort.invitation_secret,
    first_name: 'Katherine',
    last_name: `Johnson${n}`,
    username: `katherine${n}`,
    password: 'orbital mechanics',
    ...overrides,
  };
};
const signUp = (body: Record<string, unknown>) =>
  ctx.request({ method: 'POST', url: '/api/invitations/accounts', payload: body });

describe('an invitation link when GitHub sign-in is not configured', () => {
  it('sends a browser to the join page of the client, with the link values', async () => {
    const answer = await ctx.request({ method: 'GET', url: invitation, headers: { accept: HTML } });
    expect(answer.statusCode).toBe(302);
    const target = new URL(answer.headers.location ?? '');
    expect(`${target.origin}${target.pathname}`).toBe('http://app.test/join');
    expect(target.searchParams.get('cohort')).toBe(String(cohort.id));
    expect(target.searchParams.get('v')).toBe(cohort.invitation_secret);
  });

  it('answers a script 503 with the reason, as before', async () => {
    const answer = await ctx.request({ method: 'GET', url: invitation });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ message: GITHUB_OFF });
  });

  it('keeps the plain sign-in link saying why on the sign-in page', async () => {
    const answer = await ctx.request({
      method: 'GET',
      url: '/api/auth/github/url',
      headers: { accept: HTML },
    });
    const target = new URL(answer.headers.location ?? '');
    expect(target.pathname).toBe('/auth/github');
    expect(target.searchParams.get('error')).toBe(GITHUB_OFF);
  });

  it('tells the join page which cohort and which ways in', async () => {
    const info = await ctx.request({
      method: 'GET',
      url: `/api/invitations?cohort=${cohort.id}&v=${cohort.invitation_secret}`,
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      cohort: { id: cohort.id, name: 'Invited Cohort' },
      github: false,
      password: true,
    });
  });
});

describe('choosing a username and password on an invitation link', () => {
  it('makes the account in the cohort, with its first project, to sign in with', async () => {
    const made = await signUp(account({ username: 'katherine', last_name: 'Johnson' }));
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({
      username: 'katherine',
      message: 'Welcome, Katherine Johnson: you joined Invited Cohort.',
    });
    const signIn = await ctx.request({
      method: 'POST',
      url: '/api/accounts/verify',
      payload: { username: 'katherine', password: 'orbital mechanics' },
    });
    expect(signIn.statusCode).toBe(200);
    const profile = (
      await ctx.request({ method: 'GET', url: '/api/profile', token: signIn.json().token })
    ).json();
    expect(profile).toMatchObject({ staff: false, current_cohort: { id: cohort.id } });
    expect(await currentProjectOf(ctx.db, profile.id)).toMatchObject({ name: 'Project 1.1' });
  });

  it('refuses a link not valid, a taken username and a short password, making no one', async () => {
    const wrong = await signUp(account({ v: 'renewed-long-ago', username: 'wrongsecret' }));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(
      "This invitation link is not valid: it was replaced by a newer one, or it was not copied whole. Ask your instructor for the cohort's current invitation link.",
    );
    const unknownCohort = await signUp(account({ cohort: 999999, username: 'nocohort' }));
    expect(unknownCohort.json().message).toBe(wrong.json().message);
    await createLearner(ctx.db, { username: 'Occupied' });
    const taken = await signUp(account({ username: 'occupied' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain('is taken');
    const short = await signUp(account({ username: 'shorty', password: 'seven77' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('body.password');
    const made = await ctx.db
      .selectFrom('people')
      .select('username')
      .where('username', 'in', ['wrongsecret', 'nocohort', 'shorty'])
      .execute();
    expect(made).toEqual([]);
  });

  it('stops working once staff renew the secret', async () => {
    const staff = await createStaff(ctx.db);
    const other = await createCohort(ctx.db, { name: 'Renewed Cohort' });
    const old = other.invitation_secret;
    await ctx.request({
      method: 'POST',
      url: `/api/cohorts/${other.id}/invitation`,
      token: staff.token,
    });
    const late = await signUp(account({ cohort: other.id, v: old }));
    expect(late.statusCode).toBe(404);
    const check = await ctx.request({
      method: 'GET',
      url: `/api/invitations?cohort=${other.id}&v=${old}`,
    });
    expect(check.statusCode).toBe(404);
    expect(check.json().message).toContain("Ask your instructor for the cohort's current");
  });
});

describe('a signed-in person opening an invitation link', () => {
  const join = (token: string, body: Record<string, unknown>) =>
    ctx.request({ method: 'POST', url: '/api/invitations/join', token, payload: body });
  const link = () => ({ cohort: cohort.id, v: cohort.invitation_secret });

  it('joins a learner in no cohort, and says so again without changing anything', async () => {
    const learner = await createLearner(ctx.db);
    const joined = await join(learner.token, link());
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({
      message: 'You joined Invited Cohort.',
      cohort: { id: cohort.id, name: 'Invited Cohort' },
    });
    expect(await currentMembershipOf(ctx.db, learner.id)).toEqual({ cohort_id: cohort.id });
    const again = await join(learner.token, link());
    expect(again.json().message).toBe('You are already in Invited Cohort.');
  });

  it('tells a learner of another cohort and staff why not, and a link not valid as such', async () => {
    const elsewhere = await createCohort(ctx.db);
    const learner = await createLearner(ctx.db);
    await ctx.db
      .insertInto('cohort_memberships')
      .values({ cohort_id: elsewhere.id, person_id: learner.id })
      .execute();
    const moved = await join(learner.token, link());
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toContain('Ask your instructor to transfer you.');
    expect(await currentMembershipOf(ctx.db, learner.id)).toEqual({ cohort_id: elsewhere.id });
    const staff = await createStaff(ctx.db);
    const asStaff = await join(staff.token, link());
    expect(asStaff.statusCode).toBe(409);
    expect(asStaff.json().message).toContain('Cohorts page');
    const wrong = await join(learner.token, { cohort: cohort.id, v: 'guessed' });
    expect(wrong.statusCode).toBe(404);
    expect(
      (await ctx.request({ method: 'POST', url: '/api/invitations/join', payload: link() }))
        .statusCode,
    ).toBe(401);
  });
});

describe('on a server with neither GitHub nor password sign-in', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestContext({ passwordSignIn: false });
  });
  afterAll(() => off.close());

  it('says on the join page that neither way works, and refuses an account', async () => {
    const closed = await createCohort(off.db);
    const query = `cohort=${closed.id}&v=${closed.invitation_secret}`;
    const info = await off.request({ method: 'GET', url: `/api/invitations?${query}` });
    expect(info.json()).toMatchObject({ github: false, password: false });
    const refused = await off.request({
      method: 'POST',
      url: '/api/invitations/accounts',
      payload: { ...account(), cohort: closed.id, v: closed.invitation_secret },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('Password sign-in is turned off');
  });
});
