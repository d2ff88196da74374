import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  GithubCallbackQuery,
  GithubSignInBody,
  GithubUrlQuery,
  KeyResponse,
  PasswordSignInBody,
  SignInOptions,
  TokenResponse,
} from '@lp/contract/auth';
import { ErrorResponse, NoContent } from '@lp/contract/common';
import { HttpError } from '../../lib/http-errors.ts';
import { joinPageUrl } from '../../lib/public-urls.ts';
import { keepState, type StateCookie, takeState } from '../../lib/state-cookies.ts';
import { callerOf } from '../../plugins/principal.ts';
import { rateLimits } from '../../plugins/rate-limits.ts';
import { anyone, signedIn } from '../../plugins/route-rules.ts';
import { findInvitedCohort, INVALID_INVITATION } from '../cohorts/index.ts';
import * as auth from './auth.service.ts';
import { issueDeviceCookie, knownDevice, registerDeviceCookies } from './device-cookies.ts';

// A GitHub sign-in is finished only by the browser that began it (lib/state-cookies.ts): a
// crafted callback link does not sign someone else's browser in, or enrol them by an invitation.
// The device cookies' registration (device-cookies.ts) reads cookies on these routes.
const STATE_COOKIE: StateCookie = { name: 'lp_github_state', under: '/auth/github' };

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 503: ErrorResponse };

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await registerDeviceCookies(app);

  app.get(
    '/auth/options',
    { config: anyone(200), schema: { tags: ['auth'], response: { 200: SignInOptions } } },
    async () => ({
      password: app.config.passwordSignIn,
      github: auth.githubClient(app).oauthConfigured,
      oidc: app.config.oidc
        ? { name: app.config.oidc.name, required_for_staff: app.config.oidc.requiredForStaff }
        : null,
    }),
  );

  app.post(
    '/accounts/verify',
    {
      config: anyone(200),
      schema: {
        tags: ['auth'],
        description:
          'Password sign-in. A success sets a device cookie for the user name. Failures are ' +
          'limited per device cookie from a browser that has one for the user name, else per ' +
          'account and per address (429 with Retry-After).',
        body: PasswordSignInBody,
        response: { 200: TokenResponse, ...errors, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { username } = request.body;
      const device = knownDevice(request, username);
      const token = await auth.signInWithPassword(app, {
        ...request.body,
        address: request.ip,
        device,
      });
      issueDeviceCookie(app, request, reply, username);
      return { token };
    },
  );

  app.get(
    '/auth/github/url',
    {
      config: { ...anyone(302), rateLimit: rateLimits.oauth },
      schema: {
        tags: ['auth'],
        description:
          'Starts GitHub sign-in; with cohort and v, an invitation link. A browser following a link not valid, or one on a server without GitHub sign-in, goes to the client page /join. ' +
          "The browser sent to GitHub is given a cookie (lp_github_state, HttpOnly, SameSite=Lax, 10 minutes) holding the attempt's state, which the callback requires.",
        querystring: GithubUrlQuery,
        response: { 404: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request, reply) => {
      // Invitation links are opened in a browser: a person gets the client's pages and words,
      // not raw JSON. Scripts (no text/html in Accept) keep the JSON answer.
      const browser = (request.headers.accept ?? '').includes('text/html');
      const { cohort, v } = request.query;
      if (cohort !== undefined) {
        const joinPage = joinPageUrl(app, cohort, v ?? '');
        // A link not valid is said before the person signs in, not found out after.
        if (!(await findInvitedCohort(app.db, cohort, v))) {
          if (browser) return reply.redirect(joinPage, 302);
          throw new HttpError(404, INVALID_INVITATION);
        }
        // Without GitHub sign-in, the client's join page offers the ways this server has.
        if (browser && !auth.githubClient(app).oauthConfigured)
          return reply.redirect(joinPage, 302);
      }
      try {
        const url = await auth.startGithubSignIn(app, cohort, v);
        keepState(request, reply, STATE_COOKIE, url);
        return reply.redirect(url, 302);
      } catch (failure) {
        if (!(browser && failure instanceof HttpError && failure.statusCode === 503)) throw failure;
        const page = `${app.config.clientUrl}/auth/github`;
        return reply.redirect(`${page}?${new URLSearchParams({ error: failure.message })}`, 302);
      }
    },
  );

  app.get(
    '/auth/github/callback',
    {
      config: { ...anyone(302), rateLimit: rateLimits.oauth },
      schema: {
        tags: ['auth'],
        description:
          "Where GitHub sends the browser back: on to the client's /auth/github page with a one-time code, or the error in words. " +
          'A state that is not the one in the cookie /auth/github/url gave this browser (lp_github_state) is refused before the code is used, and no one is signed in.',
        querystring: GithubCallbackQuery,
      },
    },
    async (request, reply) => {
      const target = `${app.config.clientUrl}/auth/github`;
      const { code, state, error } = request.query;
      try {
        if (error || !code || !state)
          throw new HttpError(400, error ?? 'GitHub did not send a sign-in code.');
        takeState(request, reply, STATE_COOKIE, state);
        const { code: oneTime, invitation } = await auth.completeGithubSignIn(app, code, state);
        // An invitation that enrolled no one is said on the page where sign-in completes.
        const query = new URLSearchParams({ code: oneTime });
        if (invitation) query.set('invitation', invitation);
        return reply.redirect(`${target}?${query}`, 302);
      } catch (failure) {
        request.log.warn({ err: failure }, 'GitHub sign-in failed');
        const message =
          failure instanceof HttpError
            ? failure.message
            : 'GitHub sign-in failed. Please try again.';
        return reply.redirect(`${target}?${new URLSearchParams({ error: message })}`, 302);
      }
    },
  );

  app.post(
    '/auth/github',
    {
      config: { ...anyone(200), rateLimit: rateLimits.oauth },
      schema: { tags: ['auth'], body: GithubSignInBody, response: { 200: KeyResponse, ...errors } },
    },
    async (request) => ({ key: await auth.exchangeOneTimeCode(app, request.body.code) }),
  );

  app.post(
    '/auth/logout',
    {
      config: { ...signedIn(204), sessionOnly: true },
      schema: { tags: ['auth'], response: { 204: NoContent, 401: ErrorResponse } },
    },
    async (request, reply) => {
      await auth.signOut(app, callerOf(request).tokenId);
      return reply.code(204).send();
    },
  );
};
