import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  InvitationAccountBody,
  InvitationInfo,
  InvitationQuery,
  JoinBody,
  JoinResult,
} from '@lp/contract/accounts';
import { ErrorResponse } from '@lp/contract/common';
import { Type } from 'typebox';
import { callerOf } from '../../plugins/principal.ts';
import { rateLimits } from '../../plugins/rate-limits.ts';
import { anyone } from '../../plugins/route-rules.ts';
import { createInvitedAccount, invitationInfo, joinByInvitation } from './invitations.service.ts';

const tags = ['users'];
const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

/**
 * A cohort's invitation link (cohort and secret `v`) on the client's join page: what it joins,
 * a newcomer's account with a password, or a signed-in learner joining. GitHub sign-in takes
 * the same link through /auth/github/url.
 */
export const invitationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/invitations',
    {
      config: anyone(200),
      schema: {
        tags,
        summary: 'The cohort an invitation link joins and the ways in; 404 for a link not valid',
        querystring: InvitationQuery,
        response: { 200: InvitationInfo, ...errors },
      },
    },
    async (request) => invitationInfo(app, request.query.cohort, request.query.v),
  );

  app.post(
    '/invitations/accounts',
    {
      config: { ...anyone(201), rateLimit: rateLimits.accountSetup },
      schema: {
        tags,
        summary:
          'A newcomer chooses a user name and password on an invitation link and joins its cohort; then signs in with POST /accounts/verify',
        body: InvitationAccountBody,
        response: {
          201: Type.Object({ username: Type.String(), message: Type.String() }),
          ...errors,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await createInvitedAccount(app, request.body)),
  );

  app.post(
    '/invitations/join',
    {
      // A learner joins (or is already in the cohort); one in another cohort, and staff, are
      // told why not.
      config: {
        access: 'signed-in',
        expect: { anonymous: 401, learner: 200, otherLearner: 409, staff: 409, coach: 409 },
      },
      schema: {
        tags,
        summary: 'A signed-in learner joins the cohort of an invitation link',
        body: JoinBody,
        response: { 200: JoinResult, ...errors },
      },
    },
    async (request) => joinByInvitation(app, callerOf(request), request.body),
  );
};
