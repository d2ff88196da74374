import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams, NoContent } from '@lp/contract/common';
import {
  CreateProjectBody,
  Project,
  ProjectList,
  ProjectListQuery,
  ProjectQuery,
  UpdateProjectBody,
} from '@lp/contract/projects';
import { callerOf } from '../../../plugins/principal.ts';
import { signedIn, staffOnly } from '../../../plugins/route-rules.ts';
import * as service from './projects.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['projects'];

export const projectsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/projects',
    {
      config: signedIn(200),
      schema: { tags, querystring: ProjectListQuery, response: { 200: ProjectList, ...errors } },
    },
    (request) => service.listProjects(app, callerOf(request), request.query),
  );

  app.get(
    '/projects/:id',
    {
      config: signedIn(200),
      schema: {
        tags,
        params: IdParams,
        querystring: ProjectQuery,
        response: { 200: Project, ...errors },
      },
    },
    (request) =>
      service.getProject(app, callerOf(request), request.params.id, request.query.expand),
  );

  app.post(
    '/projects',
    {
      config: staffOnly(201),
      schema: { tags, body: CreateProjectBody, response: { 201: Project, ...errors } },
    },
    async (request, reply) => {
      const project = await service.createProject(app, callerOf(request), request.body);
      return reply.code(201).send(project);
    },
  );

  app.put(
    '/projects/:id',
    {
      config: staffOnly(204),
      schema: {
        tags,
        description: 'Changes only the fields sent.',
        params: IdParams,
        body: UpdateProjectBody,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.updateProject(app, callerOf(request).id, request.params.id, request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/projects/:id',
    {
      config: staffOnly(204),
      schema: {
        tags,
        description: 'Deletes a project without history; 409 when learners or teams worked on it.',
        params: IdParams,
        response: { 204: NoContent, 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteProject(app, callerOf(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/projects/:id/restore',
    {
      config: staffOnly(200),
      schema: {
        tags,
        description:
          "Undoes the project's latest deletion: the project as it was, with the same id; 409 " +
          'when the project is there or its book was deleted.',
        params: IdParams,
        response: { 200: Project, 409: ErrorResponse, ...errors },
      },
    },
    (request) => service.restoreProject(app, callerOf(request), request.params.id),
  );
};
