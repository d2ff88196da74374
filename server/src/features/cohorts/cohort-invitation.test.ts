import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('enrols no one with a wrong secret', async () => {
    const { cohort } = await invitedCohort('Invite Wrong');
    github.codes.set('inv-wrong', { id: 9102, login: 'wrongful', name: 'Wrong Ful' });
    const personId = await followInvitation(invitationLink(cohort.id, 'guessed'), 'inv-wrong');
    expect(await currentMembershipOf(ctx.db, personId)).toBeUndefined();
    expect(await currentProjectOf(ctx.db, personId)).toBeUndefined();
  });

  it('stops the old link working once staff rotate the secret', async () => {
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

    github.codes.set('inv-old', { id: 9103, login: 'latecomer', name: 'Late Comer' });
    const late = await followInvitation(old, 'inv-old');
    expect(await currentMembershipOf(ctx.db, late)).toBeUndefined();

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
});
