import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams, NoContent } from '@lp/contract/common';
import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import {
  ActivityPage,
  ActivityQuery,
  LinkRepositoryBody,
  RepositoryLink,
  RepositoryLinkList,
} from '@lp/contract/github';
import { StudentParams, undoable } from '@lp/contract/learners';
import { callerOf } from '../../plugins/principal.ts';
import { ownerOrStaff, staffOnly } from '../../plugins/route-rules.ts';
import * as repositories from './repositories.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

/*
 * A learner's repositories and their activity: the learner and staff read them; the learner
 * links their own (and staff anyone's); staff unlink. Linking and unlinking are undoable.
 */
export const repositoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/students/:id/repositories',
    {
      config: ownerOrStaff(200),
      schema: {
        tags: ['github'],
        params: StudentParams,
        response: { 200: RepositoryLinkList, ...errors },
      },
    },
    async (request) => repositories.listRepositories(app, callerOf(request), request.params.id),
  );

  app.post(
    '/students/:id/repositories',
    {
      config: ownerOrStaff(201),
      schema: {
        tags: ['github'],
        params: StudentParams,
        body: LinkRepositoryBody,
        response: { 201: undoable(RepositoryLink), ...errors },
      },
    },
    async (request, reply) => {
      const { link, historyId } = await repositories.linkRepository(
        app,
        callerOf(request),
        request.params.id,
        request.body,
      );
      reply.header(HISTORY_ID_HEADER, historyId);
      return reply.code(201).send(link);
    },
  );

  app.delete(
    '/repository-links/:id',
    {
      config: staffOnly(204),
      schema: {
        tags: ['github'],
        params: IdParams,
        response: { 204: undoable(NoContent), ...errors },
      },
    },
    async (request, reply) => {
      const historyId = await repositories.unlinkRepository(
        app,
        callerOf(request),
        request.params.id,
      );
      reply.header(HISTORY_ID_HEADER, historyId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/students/:id/activity',
    {
      config: ownerOrStaff(200),
      schema: {
        tags: ['github'],
        params: StudentParams,
        querystring: ActivityQuery,
        response: { 200: ActivityPage, ...errors },
      },
    },
    async (request) =>
      repositories.activity(app, callerOf(request), request.params.id, request.query.page ?? 1),
  );
};
