import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeaderFor } from '../../../test/browser-cookies.ts';
import { currentMembershipOf, currentProjectOf } from '../../../test/calendar-factories.ts';
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
  ctx = await createTestContext(githubSettings(github));
});
afterAll(async () => {
  await ctx.close();
  await github.stop();
});

const HTML = 'text/html,application/xhtml+xml,*/*;q=0.8';

/** Follows an invitation link as the learner's browser would; answers the signed-in person's id. */
async function followInvitation(link: string, githubCode: string) {
  const { start, clientPage } = await followGithubSignIn(ctx, link, githubCode);
  expect(start.statusCode).toBe(302);
  const key = (await exchangeOneTimeCode(ctx, clientPage.searchParams.get('code') ?? '')).json()
    .key as string;
  const profile = await ctx.request({ method: 'GET', url: '/api/profile', token: key });
  return profile.json().id as number;
}

/** An invitation link with a secret of one's own choosing: {api}/auth/github/url?cohort=…&v=…. */
const invitationLink = (cohortId: number, secret: string) =>
  `/api/auth/github/url?cohort=${cohortId}&v=${encodeURIComponent(secret)}`;

async function invitedCohort(name: string) {
  const staff = await createStaff(ctx.db);
  const cohort = await createCohort(ctx.db, { name });
  const course = await createCourse(ctx.db, { name: `${name} course` });
  await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
  const shown = (
    await ctx.request({ method: 'GET', url: `/api/cohorts/${cohort.id}`, token: staff.token })
  ).json();
  return { staff, cohort, link: onPublicAddress(shown.invitation_url) };
}

/** The overlay's link is on the configured public address; answers its path on this server. */
function onPublicAddress(link: string) {
  expect(link.startsWith(`${ctx.config.publicUrl}/api/auth/github/url?`)).toBe(true);
  return link.slice(ctx.config.publicUrl.length);
}

describe('invitation link', () => {
  it('enrols a learner who signs in through it and assigns the first project', async () => {
    const { cohort, link } = await invitedCohort('Invite Right');
    github.codes.set('inv-right', { id: 9101, login: 'rightful', name: 'Right Ful' });
    const personId = await followInvitation(link, 'inv-right');
    expect(await currentMembershipOf(ctx.db, personId)).toEqual({ cohort_id: cohort.id });
    expect(await currentProjectOf(ctx.db, personId)).toMatchObject({ name: 'Project 1.1' });
  });

  it('says a link with a wrong secret is not valid before anyone signs in, and enrols no one', async () => {
    const { cohort } = await invitedCohort('Invite Wrong');
    const link = invitationLink(cohort.id, 'guessed');
    // A browser lands on the client's join page, which says so and what to do.
    const browser = await ctx.request({ method: 'GET', url: link, headers: { accept: HTML } });
    expect(browser.statusCode).toBe(302);
    const page = new URL(browser.headers.location ?? '');
    expect(`${page.origin}${page.pathname}`).toBe('http://app.test/join');
    expect(page.searchParams.get('cohort')).toBe(String(cohort.id));
    expect(page.searchParams.get('v')).toBe('guessed');
    const script = await ctx.request({ method: 'GET', url: link });
    expect(script.statusCode).toBe(404);
    expect(script.json().message).toContain("Ask your instructor for the cohort's current");
    const checked = await ctx.request({
      method: 'GET',
      url: `/api/invitations?cohort=${cohort.id}&v=guessed`,
    });
    expect(checked.statusCode).toBe(404);
    expect(checked.json().message).toContain('This invitation link is not valid');
  });

  it('stops the old link working once staff rotate the secret, and says so', async () => {
    const { staff, cohort, link: old } = await invitedCohort('Invite Rotated');
    const learner = await createLearner(ctx.db);
    const denied = await ctx.request({
      method: 'POST',
      url: `/api/cohorts/${cohort.id}/invitation`,
      token: learner.token,
    });
    expect(denied.statusCode).toBe(403);
    const rotated = await ctx.request({
      method: 'POST',
      url: `/api/cohorts/${cohort.id}/invitation`,
      token: staff.token,
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = onPublicAddress(rotated.json().invitation_url);
    expect(fresh).not.toBe(old);

    const late = await ctx.request({ method: 'GET', url: old, headers: { accept: HTML } });
    expect(new URL(late.headers.location ?? '').pathname).toBe('/join');

    github.codes.set('inv-new', { id: 9104, login: 'ontime', name: 'On Time' });
    const onTime = await followInvitation(fresh, 'inv-new');
    expect(await currentMembershipOf(ctx.db, onTime)).toEqual({ cohort_id: cohort.id });
    const unknown = await ctx.request({
      method: 'POST',
      url: '/api/cohorts/999999/invitation',
      token: staff.token,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('tells the person signing in when the link was renewed while they were at GitHub', async () => {
    const { staff, cohort, link } = await invitedCohort('Invite Renewed Meanwhile');
    github.codes.set('inv-meanwhile', { id: 9105, login: 'meanwhile', name: 'Mean While' });
    const start = await ctx.request({ method: 'GET', url: link });
    const state = new URL(start.headers.location as string).searchParams.get('state') ?? '';
    await ctx.request({
      method: 'POST',
      url: `/api/cohorts/${cohort.id}/invitation`,
      token: staff.token,
    });
    const callback = await ctx.request({
      method: 'GET',
      url: `/api/auth/github/callback?code=inv-meanwhile&state=${state}`,
      headers: { cookie: cookieHeaderFor(start, '/api/auth/github/callback') },
    });
    const page = new URL(callback.headers.location as string);
    expect(page.searchParams.get('invitation')).toBe('invalid');
    const key = (await exchangeOneTimeCode(ctx, page.searchParams.get('code') ?? '')).json().key;
    const profile = await ctx.request({ method: 'GET', url: '/api/profile', token: key });
    expect(await currentMembershipOf(ctx.db, profile.json().id)).toBeUndefined();
  });

  it('tells a learner of another cohort that the link did not move them', async () => {
    const { link: first } = await invitedCohort('Invite First');
    const { cohort: second, link } = await invitedCohort('Invite Second');
    github.codes.set('inv-first', { id: 9106, login: 'twocohorts', name: 'Two Cohorts' });
    const personId = await followInvitation(first, 'inv-first');
    github.codes.set('inv-second', { id: 9106, login: 'twocohorts', name: 'Two Cohorts' });
    const { clientPage } = await followGithubSignIn(ctx, link, 'inv-second');
    expect(clientPage.searchParams.get('invitation')).toBe('other-cohort');
    expect(await currentMembershipOf(ctx.db, personId)).not.toEqual({ cohort_id: second.id });
  });

  it('says nothing more when the link enrolled the person', async () => {
    const { link } = await invitedCohort('Invite Quiet');
    github.codes.set('inv-quiet', { id: 9107, login: 'quiet', name: 'Qui Et' });
    const { clientPage } = await followGithubSignIn(ctx, link, 'inv-quiet');
    expect(clientPage.searchParams.has('invitation')).toBe(false);
    expect(clientPage.searchParams.get('code')).toBeTruthy();
  });
});
