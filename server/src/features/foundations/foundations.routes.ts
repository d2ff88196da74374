import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, NoContent } from '@lp/contract/common';
import {
  AssignCohortBody,
  FoundationsList,
  FoundationsQuery,
  LearnerParams,
  UploadBody,
  UploadParams,
} from '@lp/contract/foundations';
import { callerOf } from '../../plugins/principal.ts';
import { anyone, everyone, staffOnly } from '../../plugins/route-rules.ts';
import * as foundations from './foundations.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
};

export const foundationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/foundations',
    {
      config: anyone(200),
      schema: {
        tags: ['foundations'],
        querystring: FoundationsQuery,
        response: { 200: FoundationsList, ...errors },
      },
    },
    async (request) => foundations.listProgress(app, request.person, request.query),
  );

  app.put(
    '/foundations/assigncohort',
    {
      config: staffOnly(204),
      schema: {
        tags: ['foundations'],
        body: AssignCohortBody,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await foundations.assignCohort(app, callerOf(request), request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/foundations/assigncohort/:userId',
    {
      config: staffOnly(204),
      schema: {
        tags: ['foundations'],
        description:
          "Takes a learner's assigned cohort back (the Undo of PUT /foundations/assigncohort): " +
          'they are Unassigned again. 404 when they have none.',
        params: LearnerParams,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await foundations.unassignCohort(app, callerOf(request), request.params.userId);
      return reply.code(204).send();
    },
  );

  // The exercise site's progress upload: proven by the shared secret before the body is read.
  app.put(
    '/foundations/:slug',
    {
      config: {
        access: 'anyone',
        // Only the exercise site's shared secret uploads: no person's token is that secret.
        expect: everyone(401),
      },
      preValidation: async (request) => foundations.checkUploadSecret(app, request),
      schema: {
        tags: ['foundations'],
        params: UploadParams,
        body: UploadBody,
        response: { 204: NoContent, ...errors, 503: ErrorResponse },
      },
    },
    async (request, reply) => {
      await foundations.recordUpload(app, request.params.slug, request.body);
      return reply.code(204).send();
    },
  );
};
