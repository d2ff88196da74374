import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

// An invitation link (/api/auth/github/url?cohort=&v=) is opened in a browser. Without GitHub
// sign-in configured, the person lands on the client's sign-in page with the reason in words.
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const invitation = '/api/auth/github/url?cohort=1&v=secret';

describe('an invitation link when GitHub sign-in is not configured', () => {
  it('sends a browser to the sign-in page that says why', async () => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: invitation,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(answer.statusCode).toBe(302);
    const target = new URL(answer.headers.location ?? '');
    expect(target.pathname).toBe('/auth/github');
    expect(target.searchParams.get('error')).toBe(
      'GitHub sign-in is not configured on this server.',
    );
  });

  it('answers a script 503 with the reason, as before', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: invitation });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ message: 'GitHub sign-in is not configured on this server.' });
  });
});
