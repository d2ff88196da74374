import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CohortInfo, CreateCohortInfoBody, UpdateCohortInfoBody } from '@lp/contract/cohorts';
import { ErrorResponse, IdParams, NoContent } from '@lp/contract/common';
import { callerOf } from '../../plugins/principal.ts';
import { ownerOrStaff, staffOnly } from '../../plugins/route-rules.ts';
import * as info from './cohort-info.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
const tags = ['cohorts'];

export const cohortInfoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/cohortinfo/:id',
    {
      config: ownerOrStaff(200),
      schema: {
        tags,
        description: "`id` is the info id (the cohort's `info` field).",
        params: IdParams,
        response: { 200: CohortInfo, ...errors },
      },
    },
    async (request) => info.getInfo(app, callerOf(request), request.params.id),
  );

  app.post(
    '/cohortinfo',
    {
      config: staffOnly(201),
      schema: { tags, body: CreateCohortInfoBody, response: { 201: CohortInfo, ...errors } },
    },
    async (request, reply) => {
      const created = await info.createInfo(app, callerOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/cohortinfo/:id',
    {
      config: staffOnly(204),
      schema: {
        tags,
        description: 'Changes only the URLs sent; a URL sent as an empty string is cleared.',
        params: IdParams,
        body: UpdateCohortInfoBody,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await info.updateInfo(app, callerOf(request), request.params.id, request.body);
      return reply.code(204).send();
    },
  );
};
