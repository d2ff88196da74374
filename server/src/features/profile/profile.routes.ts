import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, NoContent } from '@lp/contract/common';
import { Profile, ProfileChangeBody, ProfileQuery } from '@lp/contract/profile';
import { badRequest } from '../../lib/http-errors.ts';
import { callerOf } from '../../plugins/principal.ts';
import { signedIn } from '../../plugins/route-rules.ts';
import { changeName, loadProfile } from './profile.service.ts';

export const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/profile',
    {
      config: signedIn(200),
      schema: {
        tags: ['profile'],
        querystring: ProfileQuery,
        response: { 200: Profile, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const { mimic, cohort, validate } = request.query;
      let cohortId: number | undefined;
      if (cohort !== undefined) {
        cohortId = Number(cohort);
        if (!Number.isInteger(cohortId) || cohortId < 1)
          throw badRequest('querystring.cohort must be a cohort id');
      }
      // `role` is accepted and ignored: staff status never comes from a query parameter.
      return loadProfile(app, callerOf(request), {
        mimic: mimic === 'true',
        cohort: cohortId,
        validate,
      });
    },
  );

  app.put(
    '/profile/change',
    {
      config: signedIn(204),
      schema: {
        tags: ['profile'],
        body: ProfileChangeBody,
        response: { 204: NoContent, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      await changeName(app, callerOf(request), request.body.firstName, request.body.lastName);
      return reply.code(204).send();
    },
  );
};
