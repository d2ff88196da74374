import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams, NoContent } from '@lp/contract/common';
import {
  CreateObjectiveBody,
  Objective,
  ObjectiveList,
  ObjectiveListQuery,
  UpdateObjectiveBody,
} from '@lp/contract/objectives';
import { callerOf } from '../../../plugins/principal.ts';
import { staffOnly } from '../../../plugins/route-rules.ts';
import * as service from './objectives.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['learning objectives'];

export const objectivesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/weights',
    {
      config: { access: 'signed-in', expect: staffOnly(200).expect },
      schema: {
        tags,
        description:
          'Learning objectives by tier. With studentId (staff only): those the learner has not achieved.',
        querystring: ObjectiveListQuery,
        response: { 200: ObjectiveList, ...errors },
      },
    },
    (request) => service.listObjectives(app, callerOf(request), request.query),
  );

  app.post(
    '/weights',
    {
      config: staffOnly(201),
      schema: {
        tags,
        body: CreateObjectiveBody,
        response: { 201: Objective, 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const created = await service.createObjective(app, callerOf(request).id, request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/weights/:id',
    {
      config: staffOnly(200),
      schema: {
        tags,
        description: 'Renames or re-weights the objective; answers it as it now is.',
        params: IdParams,
        body: UpdateObjectiveBody,
        response: { 200: Objective, 409: ErrorResponse, ...errors },
      },
    },
    (request) =>
      service.updateObjective(app, callerOf(request).id, request.params.id, request.body),
  );

  app.delete(
    '/weights/:id',
    {
      config: staffOnly(204),
      schema: {
        tags,
        description: 'Deletes an objective no learner has a record of; 409 otherwise.',
        params: IdParams,
        response: { 204: NoContent, 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteObjective(app, callerOf(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/weights/:id/restore',
    {
      config: staffOnly(200),
      schema: {
        tags,
        description:
          "Undoes the objective's latest deletion: it is back with the same id, in the " +
          'self-assessments that listed it; 409 when it is there or its label was taken since.',
        params: IdParams,
        response: { 200: Objective, 409: ErrorResponse, ...errors },
      },
    },
    (request) => service.restoreObjective(app, callerOf(request).id, request.params.id),
  );
};
