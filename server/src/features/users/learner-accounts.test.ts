import { PASSWORD_LINK_DAYS } from '@lp/contract/constants';
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
import { sha256 } from '../../lib/secrets.ts';

// Add learner without GitHub: staff make the account in a cohort and get a one-time link; the
// learner sets their password on it once, within its days, and signs in with it.
let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
let cohort: Awaited<ReturnType<typeof createCohort>>;

beforeAll(async () => {
  ctx = await createTestContext({ clientUrl: 'http://app.test' });
  staff = await createStaff(ctx.db);
  cohort = await createCohort(ctx.db, { name: 'Password Cohort' });
  const course = await createCourse(ctx.db, { name: 'Password course' });
  await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
});
afterAll(() => ctx.close());

let n = 0;
const newLearner = (overrides: Record<string, unknown> = {}) => {
  n += 1;
  return {
    first_name: 'Ada',
    last_name: `Lovelace${n}`,
    username: `ada${n}`,
    cohort: cohort.id,
    ...overrides,
  };
};

async function addLearner(body = newLearner(), token: string | null = staff.token) {
  return ctx.request({ method: 'POST', url: '/api/accounts/learners', token, payload: body });
}

/** The secret of a one-time link, as the learner's browser reads it from the address. */
const secretOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

const linkInfo = (secret: string) =>
  ctx.request({
    method: 'GET',
    url: `/api/accounts/password-link?token=${encodeURIComponent(secret)}`,
  });
const setPassword = (secret: string, password: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/accounts/password-link',
    payload: { token: secret, password },
  });
const signIn = (username: string, password: string) =>
  ctx.request({ method: 'POST', url: '/api/accounts/verify', payload: { username, password } });

describe('Add learner', () => {
  it('makes a learner in the cohort, with its first project, and a one-time link for 7 days', async () => {
    const body = newLearner({ first_name: ' Grace ', last_name: 'Hopper', username: 'grace' });
    const added = await addLearner(body);
    expect(added.statusCode).toBe(201);
    const answer = added.json();
    expect(answer).toMatchObject({
      username: 'grace',
      name: 'Grace Hopper',
      cohort: { id: cohort.id, name: 'Password Cohort' },
      message: 'Added Grace Hopper (grace) to Password Cohort',
    });
    const link = new URL(answer.password_link);
    expect(`${link.origin}${link.pathname}`).toBe('http://app.test/set-password');
    const days = (Date.parse(answer.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(PASSWORD_LINK_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(PASSWORD_LINK_DAYS);
    expect(await currentMembershipOf(ctx.db, answer.id)).toEqual({ cohort_id: cohort.id });
    expect(await currentProjectOf(ctx.db, answer.id)).toMatchObject({ name: 'Project 1.1' });

    // Only the secret's hash is kept, and the account has no password until the learner sets it.
    const stored = await ctx.db
      .selectFrom('password_links')
      .selectAll()
      .where('person_id', '=', answer.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.secret_hash).toBe(sha256(secretOf(answer.password_link)));
    expect(JSON.stringify(stored)).not.toContain(secretOf(answer.password_link));
    const audit = await ctx.db.selectFrom('audit_log').select(['after']).execute();
    expect(JSON.stringify(audit)).not.toContain(secretOf(answer.password_link));
    expect((await signIn('grace', '')).statusCode).toBe(400);
  });

  it('refuses anonymous callers with 401 and learners with 403, and makes no one', async () => {
    const learner = await createLearner(ctx.db);
    const body = newLearner({ username: 'refused' });
    expect((await addLearner(body, null)).statusCode).toBe(401);
    expect((await addLearner(body, learner.token)).statusCode).toBe(403);
    const made = await ctx.db
      .selectFrom('people')
      .select('id')
      .where('username', '=', 'refused')
      .execute();
    expect(made).toEqual([]);
  });

  it('refuses a taken username (any case) with 409, an unknown cohort with 404', async () => {
    await createLearner(ctx.db, { username: 'TakenName' });
    const taken = await addLearner(newLearner({ username: 'takenname' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("The username 'takenname' is taken. Choose another one.");
    const unknown = await addLearner(newLearner({ cohort: 999999 }));
    expect(unknown.statusCode).toBe(404);
    const blank = await addLearner(newLearner({ first_name: '' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('body.first_name');
    const spaced = await addLearner(newLearner({ username: 'two words' }));
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json().message).toContain('body.username');
  });
});

describe('the one-time link', () => {
  it('lets the learner set a password by the sign-in rules, once, then sign in with it', async () => {
    const added = (await addLearner(newLearner({ username: 'onetime' }))).json();
    const secret = secretOf(added.password_link);
    const info = await linkInfo(secret);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ username: 'onetime', name: added.name });

    const short = await setPassword(secret, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('body.password');

    const set = await setPassword(secret, 'a good long password');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ username: 'onetime' });
    const signedIn = await signIn('onetime', 'a good long password');
    expect(signedIn.statusCode).toBe(200);
    const profile = await ctx.request({
      method: 'GET',
      url: '/api/profile',
      token: signedIn.json().token,
    });
    expect(profile.json().current_cohort).toMatchObject({ id: cohort.id });

    // A second time, the link says it was used, and changes nothing.
    const again = await setPassword(secret, 'someone else entirely');
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toContain('This link was already used');
    expect((await linkInfo(secret)).statusCode).toBe(410);
    expect((await signIn('onetime', 'someone else entirely')).statusCode).toBe(400);
    expect((await signIn('onetime', 'a good long password')).statusCode).toBe(200);
  });

  it('says what to do for a link that is unknown or expired', async () => {
    const unknown = await linkInfo('not-a-real-secret');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('Ask your instructor for a new link.');

    const added = (await addLearner(newLearner({ username: 'late' }))).json();
    await ctx.db
      .updateTable('password_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('person_id', '=', added.id)
      .execute();
    const expired = await setPassword(secretOf(added.password_link), 'a good long password');
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(
      `This link has expired: a link works for ${PASSWORD_LINK_DAYS} days after it was made. Ask your instructor for a new link.`,
    );
  });

  it('is replaced by a new link staff make, which works where the old one no longer does', async () => {
    const added = (await addLearner(newLearner({ username: 'renewed' }))).json();
    const url = `/api/accounts/learners/${added.id}/password-link`;
    const learner = await createLearner(ctx.db);
    expect((await ctx.request({ method: 'POST', url })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'POST', url, token: learner.token })).statusCode).toBe(403);
    const renewed = await ctx.request({ method: 'POST', url, token: staff.token });
    expect(renewed.statusCode).toBe(200);
    expect((await linkInfo(secretOf(added.password_link))).statusCode).toBe(410);
    const fresh = secretOf(renewed.json().password_link);
    expect((await setPassword(fresh, 'a good long password')).statusCode).toBe(200);
    const staffLink = await ctx.request({
      method: 'POST',
      url: `/api/accounts/learners/${staff.id}/password-link`,
      token: staff.token,
    });
    expect(staffLink.statusCode).toBe(404);
  });
});

describe('undo of Add learner', () => {
  it('removes the learner while they have not set a password, staff only', async () => {
    const added = (await addLearner(newLearner({ username: 'undone' }))).json();
    const url = `/api/accounts/learners/${added.id}`;
    const learner = await createLearner(ctx.db);
    expect((await ctx.request({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'DELETE', url, token: learner.token })).statusCode).toBe(
      403,
    );
    const undone = await ctx.request({ method: 'DELETE', url, token: staff.token });
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ message: `Removed ${added.name} again` });
    const left = await ctx.db
      .selectFrom('people')
      .select('id')
      .where('id', '=', added.id)
      .execute();
    expect(left).toEqual([]);
    expect((await linkInfo(secretOf(added.password_link))).statusCode).toBe(404);
    // The username is free again, for the corrected entry.
    expect((await addLearner(newLearner({ username: 'undone' }))).statusCode).toBe(201);
  });

  it('refuses once the learner set their password, and for learners not added this way', async () => {
    const added = (await addLearner(newLearner({ username: 'settled' }))).json();
    await setPassword(secretOf(added.password_link), 'a good long password');
    const refused = await ctx.request({
      method: 'DELETE',
      url: `/api/accounts/learners/${added.id}`,
      token: staff.token,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('has already set a password or signed in');
    const other = await createLearner(ctx.db);
    const notAdded = await ctx.request({
      method: 'DELETE',
      url: `/api/accounts/learners/${other.id}`,
      token: staff.token,
    });
    expect(notAdded.statusCode).toBe(409);
    expect(await currentMembershipOf(ctx.db, added.id)).toEqual({ cohort_id: cohort.id });
  });
});

describe('on a server without password sign-in', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestContext({ passwordSignIn: false });
  });
  afterAll(() => off.close());

  it('refuses to add a learner who could not sign in, and says what to do instead', async () => {
    const offStaff = await createStaff(off.db);
    const offCohort = await createCohort(off.db);
    const refused = await off.request({
      method: 'POST',
      url: '/api/accounts/learners',
      token: offStaff.token,
      payload: { first_name: 'No', last_name: 'Way', username: 'noway', cohort: offCohort.id },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('Password sign-in is turned off on this server');
    expect(refused.json().message).toContain('Import a roster');
  });
});
