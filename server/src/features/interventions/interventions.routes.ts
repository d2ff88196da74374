import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '@lp/contract/common';
import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import { Intervention, InterventionBody, InterventionList } from '@lp/contract/interventions';
import { StudentParams, undoable } from '@lp/contract/learners';
import { callerOf } from '../../plugins/principal.ts';
import { staffOnly } from '../../plugins/route-rules.ts';
import * as interventions from './interventions.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/* What staff did about a learner who needed attention: staff record and read it; undoable. */
export const interventionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/students/:id/interventions',
    {
      config: staffOnly(200),
      schema: {
        tags: ['interventions'],
        params: StudentParams,
        response: { 200: InterventionList, ...errors },
      },
    },
    async (request) => interventions.listInterventions(app, request.params.id),
  );

  app.post(
    '/students/:id/interventions',
    {
      config: staffOnly(201),
      schema: {
        tags: ['interventions'],
        params: StudentParams,
        body: InterventionBody,
        response: { 201: undoable(Intervention), ...errors },
      },
    },
    async (request, reply) => {
      const { intervention, historyId } = await interventions.reachOut(
        app,
        callerOf(request),
        request.params.id,
        request.body,
      );
      reply.header(HISTORY_ID_HEADER, historyId);
      return reply.code(201).send(intervention);
    },
  );
};
