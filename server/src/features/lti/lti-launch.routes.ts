import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '@lp/contract/common';
import { Jwks, LtiLaunchForm, LtiLoginParams } from '@lp/contract/lti';
import { Type } from 'typebox';
import { HttpError } from '../../lib/http-errors.ts';
import { keepState, type StateCookie, takeState } from '../../lib/state-cookies.ts';
import { rateLimits } from '../../plugins/rate-limits.ts';
import { anyone } from '../../plugins/route-rules.ts';
import { answerRefusalsWithPages } from './launch-page.ts';
import { completeLaunch, startLogin } from './lti-launch.service.ts';
import { ensureKey, publishedKeys } from './tool-keys.ts';

const FORM = 'application/x-www-form-urlencoded';

// The IMS Security Framework binds a login's state to the browser that began it: the login
// leaves the state in a cookie, and a launch whose state that browser does not hold is refused;
// else a launch form taken from one browser could be posted from another. The platform's page
// posts the launch from its own site, and may begin several at once.
const LAUNCH_STATE: StateCookie = {
  name: 'lp_lti',
  under: '/lti/launch',
  crossSite: true,
  perAttempt: true,
  refusal:
    'This launch was not begun in this browser: the cookie its login left here is missing (the browser may block cookies for this site, or the launch took over 10 minutes). Launch again from the LMS.',
};

/** The media type of a request without its parameters. */
const mediaType = (header: string | undefined) =>
  (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

const formOnly = (contentType: string | undefined) => {
  if (mediaType(contentType) !== FORM)
    throw new HttpError(415, `Send the launch as a form (Content-Type: ${FORM}).`);
};

const refusal = {
  description: 'A check failed: an HTML page naming it for a browser (Accept: text/html)',
  content: {
    'application/json': { schema: ErrorResponse },
    'text/html': { schema: Type.String() },
  },
};

/*
 * What the LMS and the person's browser call, open to anyone: our JWKS, the OIDC login
 * initiation and the launch. A browser gets a page naming what failed (launch-page.ts).
 */
export const ltiLaunchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  answerRefusalsWithPages(app);
  await app.register(fastifyCookie);

  app.get(
    '/lti/jwks',
    {
      config: anyone(200),
      schema: {
        tags: ['lti'],
        summary: "The tool's public keys (RS256): the current one and those retired lately",
        response: { 200: Jwks },
      },
    },
    async (_request, reply) => {
      await ensureKey(app.db);
      const keys = await publishedKeys(app.db);
      return reply
        .header('cache-control', 'max-age=300')
        .send({ keys: keys.map((key) => key.public_jwk as Record<string, string>) });
    },
  );

  const loginSchema = {
    tags: ['lti'],
    summary: 'OIDC third-party login initiation: redirects to the platform with a state and nonce',
    description:
      'Leaves the state in an httpOnly cookie (SameSite=None; Secure on https) that the launch must carry: a launch is taken only from the browser that began its login.',
    response: {
      302: Type.Null({ description: "To the platform's authorization endpoint" }),
      400: refusal,
    },
  };

  app.get(
    '/lti/login',
    {
      config: { ...anyone(302), rateLimit: rateLimits.ltiLaunch },
      schema: { ...loginSchema, querystring: LtiLoginParams },
    },
    async (request, reply) => {
      const url = await startLogin(app, request.query);
      keepState(request, reply, LAUNCH_STATE, url);
      return reply.redirect(url, 302);
    },
  );

  app.post(
    '/lti/login',
    {
      config: { ...anyone(302), rateLimit: rateLimits.ltiLaunch },
      schema: {
        ...loginSchema,
        body: { content: { [FORM]: { schema: LtiLoginParams } } },
        response: { ...loginSchema.response, 415: ErrorResponse },
      },
    },
    async (request, reply) => {
      formOnly(request.headers['content-type']);
      const url = await startLogin(app, request.body as LtiLoginParams);
      keepState(request, reply, LAUNCH_STATE, url);
      return reply.redirect(url, 302);
    },
  );

  app.post(
    '/lti/launch',
    {
      config: { ...anyone(302), rateLimit: rateLimits.ltiLaunch },
      schema: {
        tags: ['lti'],
        summary:
          "The launch: checks the platform's id_token and signs its user in, redirecting to the client",
        description:
          'Checks that this browser began the login (its state cookie), then the signature against the platform JWKS, iss, aud, azp, exp and iat, the nonce (once) and state of its login, the deployment id, the message type (LtiResourceLinkRequest) and version (1.3.0). Redirects to the client page /auth/lti with a one-time code for POST /auth/github.',
        body: { content: { [FORM]: { schema: LtiLaunchForm } } },
        response: {
          302: Type.Null({ description: 'To the client, signed in' }),
          400: refusal,
          415: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      formOnly(request.headers['content-type']);
      const form = request.body as LtiLaunchForm;
      takeState(request, reply, LAUNCH_STATE, form.state);
      return reply.redirect(await completeLaunch(app, form), 302);
    },
  );
};
