import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddedLearner,
  AddLearnerBody,
  PasswordLink,
  PasswordLinkInfo,
  PasswordLinkQuery,
  SetPasswordBody,
} from '@lp/contract/accounts';
import { ErrorResponse, IdParams, MessageResponse } from '@lp/contract/common';
import { Type } from 'typebox';
import { callerOf } from '../../plugins/principal.ts';
import { rateLimits } from '../../plugins/rate-limits.ts';
import { anyone, staffOnly } from '../../plugins/route-rules.ts';
import { addLearner, removeAddedLearner, renewPasswordLink } from './learner-accounts.service.ts';
import { passwordLinkInfo, setPasswordWithLink } from './password-links.service.ts';

const tags = ['users'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
/** A one-time link that was used, replaced or has expired. */
const gone = { 410: ErrorResponse };

/**
 * Learners added by staff, who set their password on a one-time link (password sign-in). Staff
 * add any cohort's learners; the link's own routes are for whoever holds the link.
 */
export const learnerAccountsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/accounts/learners',
    {
      config: staffOnly(201),
      schema: {
        tags,
        summary: 'Add a learner to a cohort; answers their one-time set-password link',
        body: AddLearnerBody,
        response: { 201: AddedLearner, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addLearner(app, callerOf(request), request.body)),
  );

  app.delete(
    '/accounts/learners/:id',
    {
      config: staffOnly(200),
      schema: {
        tags,
        summary: 'Undo of adding a learner: removes them while nobody has signed in as them',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => removeAddedLearner(app, callerOf(request), request.params.id),
  );

  app.post(
    '/accounts/learners/:id/password-link',
    {
      config: staffOnly(200),
      schema: {
        tags,
        summary: 'A new one-time set-password link for a learner; their older links stop working',
        params: IdParams,
        response: { 200: PasswordLink, ...errors },
      },
    },
    async (request) => renewPasswordLink(app, callerOf(request), request.params.id),
  );

  app.get(
    '/accounts/password-link',
    {
      config: { ...anyone(200), rateLimit: rateLimits.accountSetup },
      schema: {
        tags,
        summary: 'Whom a one-time set-password link is for (404 unknown, 410 used or expired)',
        querystring: PasswordLinkQuery,
        response: { 200: PasswordLinkInfo, ...errors, ...gone },
      },
    },
    async (request) => passwordLinkInfo(app, request.query.token),
  );

  app.post(
    '/accounts/password-link',
    {
      config: { ...anyone(200), rateLimit: rateLimits.accountSetup },
      schema: {
        tags,
        summary: 'Set the password on a one-time link; then sign in with POST /accounts/verify',
        body: SetPasswordBody,
        response: { 200: Type.Object({ username: Type.String() }), ...errors, ...gone },
      },
    },
    async (request) => setPasswordWithLink(app, request.body.token, request.body.password),
  );
};
