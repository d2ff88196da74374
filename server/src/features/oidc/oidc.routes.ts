import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '@lp/contract/common';
import { OidcCallbackQuery, SchoolLink, SchoolLinkStart } from '@lp/contract/oidc';
import { HttpError } from '../../lib/http-errors.ts';
import { clientPageUrl } from '../../lib/public-urls.ts';
import { keepState, type StateCookie, takeState } from '../../lib/state-cookies.ts';
import { callerOf } from '../../plugins/principal.ts';
import { rateLimits } from '../../plugins/rate-limits.ts';
import { anyone, signedIn } from '../../plugins/route-rules.ts';
import * as oidc from './oidc.service.ts';

// Sign-in with the school's OpenID Connect provider (contract/oidc.ts). Its own feature rather
// than more of features/auth: it shares only the one-time code hand-over (a sign_in_grants row,
// traded by POST /auth/github) and the sign-in page.

const CLIENT_PAGE = '/auth/oidc';

const messageOf = (failure: unknown, fallback: string) =>
  failure instanceof HttpError ? failure.message : fallback;

// The browser that begins a sign-in or a link keeps its state (lib/state-cookies.ts): a link
// begun by one person and finished by another's browser is refused.
const STATE_COOKIE: StateCookie = { name: 'lp_school_state', under: '/auth/oidc' };

export const oidcRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(fastifyCookie);

  app.get(
    '/auth/oidc/url',
    {
      config: { ...anyone(302), rateLimit: rateLimits.oauth },
      schema: {
        tags: ['auth'],
        description:
          "Starts sign-in with the school's provider. A browser is sent to it, or to the client's /auth/oidc page saying why not.",
      },
    },
    async (request, reply) => {
      try {
        const providerUrl = await oidc.startSchoolSignIn(app, null);
        keepState(request, reply, STATE_COOKIE, providerUrl);
        return reply.redirect(providerUrl, 302);
      } catch (failure) {
        request.log.warn({ err: failure }, 'school sign-in did not start');
        const error = messageOf(failure, 'Sign-in with the school account could not start.');
        return reply.redirect(clientPageUrl(app, CLIENT_PAGE, { error }), 302);
      }
    },
  );

  app.get(
    '/auth/oidc/callback',
    {
      config: { ...anyone(302), rateLimit: rateLimits.oauth },
      schema: {
        tags: ['auth'],
        description:
          "Where the school's provider sends the browser back: on to the client's /auth/oidc page with a one-time code, linked=1, or the error in words.",
        querystring: OidcCallbackQuery,
      },
    },
    async (request, reply) => {
      const rawQuery = request.url.slice(request.url.indexOf('?') + 1);
      try {
        if (!request.query.error) takeState(request, reply, STATE_COOKIE, request.query.state);
        const outcome = await oidc.completeSchoolSignIn(app, request.query, rawQuery);
        const query: Record<string, string> =
          'code' in outcome ? { code: outcome.code } : { linked: '1' };
        return reply.redirect(clientPageUrl(app, CLIENT_PAGE, query), 302);
      } catch (failure) {
        request.log.warn({ err: failure }, 'school sign-in failed');
        const error = messageOf(
          failure,
          'Sign-in with the school account failed. Please try again.',
        );
        return reply.redirect(clientPageUrl(app, CLIENT_PAGE, { error }), 302);
      }
    },
  );

  app.get(
    '/auth/oidc/link',
    {
      config: signedIn(200),
      schema: {
        tags: ['auth'],
        description: "Whether the caller's account is linked to a school account.",
        response: { 200: SchoolLink, 401: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request) => oidc.schoolLinkOf(app, callerOf(request)),
  );

  app.post(
    '/auth/oidc/link',
    {
      config: { ...signedIn(200), rateLimit: rateLimits.oauth },
      schema: {
        tags: ['auth'],
        description:
          "Starts linking the school account the browser signs in with to the caller's account: where the browser goes.",
        response: { 200: SchoolLinkStart, 401: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request, reply) => {
      const url = await oidc.startSchoolSignIn(app, callerOf(request).id);
      keepState(request, reply, STATE_COOKIE, url);
      return { url };
    },
  );
};
