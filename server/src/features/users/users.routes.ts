import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreatedUser, CreateUserBody } from '@lp/contract/auth';
import { ErrorResponse } from '@lp/contract/common';
import { callerOf } from '../../plugins/principal.ts';
import { staffOnly } from '../../plugins/route-rules.ts';
import { createUser } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/users',
    {
      config: staffOnly(201),
      schema: {
        tags: ['users'],
        body: CreateUserBody,
        response: {
          201: CreatedUser,
          400: ErrorResponse,
          401: ErrorResponse,
          403: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const created = await createUser(app, callerOf(request).id, request.body);
      return reply.code(201).send(created);
    },
  );
};
