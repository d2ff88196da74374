import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiToken,
  ApiTokenList,
  ApiTokenUseList,
  CreateApiTokenBody,
  CreatedApiToken,
} from '@lp/contract/api-tokens';
import { ErrorResponse, IdParams } from '@lp/contract/common';
import { callerOf } from '../../plugins/principal.ts';
import type { ExpectedStatus, RouteRule } from '../../plugins/route-rules.ts';
import { staffOnly } from '../../plugins/route-rules.ts';
import * as tokens from './api-tokens.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

/*
 * Staff manage their own API tokens, from a browser session only (sessionOnly: a token cannot
 * make or revoke tokens). A token of another person is 404 to the caller: the route-table
 * requests are about the staff member's token, so the coach (another staff member) gets 404.
 */
const ownTokenRule = (ok: ExpectedStatus): RouteRule<'staff'> => ({
  access: 'staff',
  expect: { anonymous: 401, learner: 403, otherLearner: 403, staff: ok, coach: 404 },
});

export const apiTokensRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api-tokens',
    {
      config: { ...staffOnly(200), sessionOnly: true },
      schema: { tags: ['api-tokens'], response: { 200: ApiTokenList, ...errors } },
    },
    async (request) => tokens.listTokens(app, callerOf(request)),
  );

  app.post(
    '/api-tokens',
    {
      config: { ...staffOnly(201), sessionOnly: true },
      schema: {
        tags: ['api-tokens'],
        summary: 'Make an API token; its secret is shown in this answer only',
        body: CreateApiTokenBody,
        response: { 201: CreatedApiToken, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await tokens.createToken(app, callerOf(request), request.body)),
  );

  app.delete(
    '/api-tokens/:id',
    {
      config: { ...ownTokenRule(200), sessionOnly: true },
      schema: {
        tags: ['api-tokens'],
        summary: 'Revoke an API token: every server process refuses it from this answer on',
        params: IdParams,
        response: { 200: ApiToken, ...errors },
      },
    },
    async (request) => tokens.revokeToken(app, callerOf(request), request.params.id),
  );

  app.get(
    '/api-tokens/:id/uses',
    {
      config: { ...ownTokenRule(200), sessionOnly: true },
      schema: {
        tags: ['api-tokens'],
        params: IdParams,
        response: { 200: ApiTokenUseList, ...errors },
      },
    },
    async (request) => tokens.tokenUses(app, callerOf(request), request.params.id),
  );
};
