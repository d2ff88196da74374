import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeaderFor } from './browser-cookies.ts';
import { createCohort, createStaff } from './factories.ts';
import { createTestContext, type TestContext } from './harness.ts';

// One configured public address (PUBLIC_URL) for every link the server hands out: here the API
// is published under a path of its own behind a proxy that strips '/lp', with its own prefix.
const PUBLIC = 'https://learning.example.org/lp';
const PREFIX = '/v1';
const ON_PUBLIC_ADDRESS = `${PUBLIC}${PREFIX}/`;

let ctx: TestContext;
let staff: { token: string };
let cohortId: number;

beforeAll(async () => {
  ctx = await createTestContext({
    publicUrl: PUBLIC,
    apiPrefix: PREFIX,
    github: { clientId: 'client-id', clientSecret: 'secret', oauthUrl: 'https://github.test' },
  });
  staff = await createStaff(ctx.db);
  cohortId = (await createCohort(ctx.db, { name: 'Public Address Cohort' })).id;
});
afterAll(() => ctx.close());

/** What the proxy forwards for a link on the public address: the path after PUBLIC. */
function forwarded(link: string) {
  expect(link.startsWith(ON_PUBLIC_ADDRESS)).toBe(true);
  return link.slice(PUBLIC.length);
}

const asStaff = (method: 'GET' | 'POST', url: string) =>
  ctx.request({ method, url: `${PREFIX}${url}`, token: staff.token });

describe('the links staff share', () => {
  it('puts the invitation link and the calendar URL on the one configured public address', async () => {
    const cohort = (await asStaff('GET', `/cohorts/${cohortId}`)).json();
    expect(cohort.invitation_url).toBe(
      `${ON_PUBLIC_ADDRESS}auth/github/url?cohort=${cohortId}&v=${encodeURIComponent(cohort.invitation_secret)}`,
    );
    expect(cohort.calendar_url).toMatch(
      new RegExp(`^${ON_PUBLIC_ADDRESS}cohorts/${cohortId}/calendar\\.ics\\?secret=.+`),
    );
    const [listed] = (await asStaff('GET', '/cohorts?active=true')).json();
    expect(listed.invitation_url).toBe(cohort.invitation_url);
    expect(listed.calendar_url).toBe(cohort.calendar_url);
  });

  it('keeps renewed links on it too', async () => {
    const before = (await asStaff('GET', `/cohorts/${cohortId}`)).json();
    const invitation = (await asStaff('POST', `/cohorts/${cohortId}/invitation`)).json();
    const calendar = (await asStaff('POST', `/cohorts/${cohortId}/calendar`)).json();
    expect(invitation.invitation_url).not.toBe(before.invitation_url);
    expect(invitation.invitation_url.startsWith(ON_PUBLIC_ADDRESS)).toBe(true);
    expect(calendar.calendar_url).not.toBe(before.calendar_url);
    expect(calendar.calendar_url.startsWith(ON_PUBLIC_ADDRESS)).toBe(true);
    const after = (await asStaff('GET', `/cohorts/${cohortId}`)).json();
    expect(after.invitation_url).toBe(invitation.invitation_url);
    expect(after.calendar_url).toBe(calendar.calendar_url);
  });

  it('serves both links, and GitHub sends the invited browser back to the same address', async () => {
    const cohort = (await asStaff('GET', `/cohorts/${cohortId}`)).json();
    const feed = await ctx.request({ method: 'GET', url: forwarded(cohort.calendar_url) });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');

    const start = await ctx.request({ method: 'GET', url: forwarded(cohort.invitation_url) });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe('https://github.test');
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `${ON_PUBLIC_ADDRESS}auth/github/callback`,
    );
    // The browser comes back on the public address: the attempt's cookie is sent there.
    const backOn = new URL(`${ON_PUBLIC_ADDRESS}auth/github/callback`).pathname;
    expect(cookieHeaderFor(start, backOn)).toBe(
      `lp_github_state=${authorize.searchParams.get('state')}`,
    );
  });
});
