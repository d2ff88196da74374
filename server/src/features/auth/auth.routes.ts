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
import { requirePerson } from '../../plugins/principal.ts';
import { rateLimits } from '../../plugins/rate-limits.ts';
import * as auth from './auth.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 503: ErrorResponse };

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/auth/options',
    { config: { access: 'anyone' }, schema: { tags: ['auth'], response: { 200: SignInOptions } } },
    async () => ({
      password: app.config.passwordSignIn,
      github: auth.githubClient(app).oauthConfigured,
    }),
  );

  app.post(
    '/accounts/verify',
    {
      config: { access: 'anyone', rateLimit: rateLimits.signIn(app.config.signInRateLimit) },
      schema: {
        tags: ['auth'],
        body: PasswordSignInBody,
        response: { 200: TokenResponse, ...errors },
      },
    },
    async (request) => ({
      token: await auth.signInWithPassword(app, request.body.username, request.body.password),
    }),
  );

  app.get(
    '/auth/github/url',
    {
      config: { access: 'anyone', rateLimit: rateLimits.oauth },
      schema: { tags: ['auth'], querystring: GithubUrlQuery, response: { 503: ErrorResponse } },
    },
    async (request, reply) => {
      const url = await auth.startGithubSignIn(app, request.query.cohort, request.query.v);
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/auth/github/callback',
    {
      config: { access: 'anyone', rateLimit: rateLimits.oauth },
      schema: { tags: ['auth'], querystring: GithubCallbackQuery },
    },
    async (request, reply) => {
      const target = `${app.config.clientUrl}/auth/github`;
      const { code, state, error } = request.query;
      try {
        if (error || !code || !state)
          throw new HttpError(400, error ?? 'GitHub did not send a sign-in code.');
        const oneTime = await auth.completeGithubSignIn(app, code, state);
        return reply.redirect(`${target}?${new URLSearchParams({ code: oneTime })}`, 302);
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
      config: { access: 'anyone', rateLimit: rateLimits.oauth },
      schema: { tags: ['auth'], body: GithubSignInBody, response: { 200: KeyResponse, ...errors } },
    },
    async (request) => ({ key: await auth.exchangeOneTimeCode(app, request.body.code) }),
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['auth'], response: { 204: NoContent, 401: ErrorResponse } },
    },
    async (request, reply) => {
      await auth.signOut(app, requirePerson(request).tokenId);
      return reply.code(204).send();
    },
  );
};
