import { cookieHeaderFor } from './browser-cookies.ts';
import type { FakeGithub } from './fake-github.ts';
import type { ConfigOverrides, TestContext } from './harness.ts';

/** Settings that point the app's GitHub client at the fake server. */
export const githubSettings = (github: FakeGithub): ConfigOverrides => ({
  publicUrl: 'http://api.test',
  clientUrl: 'http://app.test',
  github: {
    clientId: 'client-id',
    clientSecret: 'client-secret',
    oauthUrl: github.url,
    apiUrl: github.url,
    token: 'server-token',
  },
});

/**
 * Walks the browser's path of a GitHub sign-in: our sign-in URL → GitHub's authorize page →
 * our callback (GitHub answered with `githubCode`) → the client's /auth/github page. The callback
 * carries the cookies the start gave the browser for the callback's address, as a browser does.
 */
export async function followGithubSignIn(ctx: TestContext, startUrl: string, githubCode: string) {
  const start = await ctx.request({ method: 'GET', url: startUrl });
  const authorize = new URL(start.headers.location as string);
  const state = authorize.searchParams.get('state') ?? '';
  const callbackAddress = new URL(authorize.searchParams.get('redirect_uri') ?? '');
  const callback = await ctx.request({
    method: 'GET',
    url: `/api/auth/github/callback?code=${githubCode}&state=${state}`,
    headers: { cookie: cookieHeaderFor(start, callbackAddress.pathname) },
  });
  const clientPage = new URL(callback.headers.location as string);
  return { start, authorize, callback, clientPage };
}

/** The client page's step: trades the one-time code for a token. */
export async function exchangeOneTimeCode(ctx: TestContext, oneTimeCode: string) {
  return ctx.request({
    method: 'POST',
    url: '/api/auth/github',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `code=${encodeURIComponent(oneTimeCode)}`,
  });
}
