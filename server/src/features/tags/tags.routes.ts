import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams, NoContent } from '@lp/contract/common';
import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import { undoable } from '@lp/contract/learners';
import {
  CreateStudentTagBody,
  CreateTagBody,
  StudentTag,
  StudentTagList,
  StudentTagsQuery,
  Tag,
  TagList,
  TagRestored,
} from '@lp/contract/tags';
import { callerOf } from '../../plugins/principal.ts';
import { staffOnly } from '../../plugins/route-rules.ts';
import { restoreTag } from './tag-restore.service.ts';
import * as tags from './tags.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

/*
 * Tags are a staff tool: every tags route is staff access, so any staff member may create and
 * delete tags and put them on or take them off any learner, whether or not they coach the
 * learner's cohort; learners may not, not even on themselves. No object rule remains, so tags
 * have no policy file.
 */
export const tagsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tags',
    { config: staffOnly(200), schema: { tags: ['tags'], response: { 200: TagList, ...errors } } },
    async () => tags.listTags(app),
  );

  app.post(
    '/tags',
    {
      config: staffOnly(201),
      schema: { tags: ['tags'], body: CreateTagBody, response: { 201: Tag, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await tags.createTag(app, callerOf(request), request.body.name)),
  );

  app.delete(
    '/tags/:id',
    {
      config: staffOnly(204),
      schema: { tags: ['tags'], params: IdParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await tags.deleteTag(app, callerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/tags/:id/restore',
    {
      config: staffOnly(200),
      schema: {
        tags: ['tags'],
        summary: 'Undo the deletion of a tag: it comes back on every learner who wore it',
        params: IdParams,
        response: { 200: TagRestored, ...errors },
      },
    },
    async (request) => restoreTag(app, callerOf(request), request.params.id),
  );

  app.get(
    '/studenttags',
    {
      config: staffOnly(200),
      schema: {
        tags: ['tags'],
        querystring: StudentTagsQuery,
        response: { 200: StudentTagList, ...errors },
      },
    },
    async (request) => tags.listStudentTags(app, request.query.studentId),
  );

  app.post(
    '/studenttags',
    {
      config: staffOnly(201),
      schema: {
        tags: ['tags'],
        body: CreateStudentTagBody,
        response: { 201: undoable(StudentTag), ...errors },
      },
    },
    async (request, reply) => {
      const { student, tag } = request.body;
      const { link, historyId } = await tags.tagLearner(app, callerOf(request), student, tag);
      reply.header(HISTORY_ID_HEADER, historyId);
      return reply.code(201).send(link);
    },
  );

  app.delete(
    '/studenttags/:id',
    {
      config: staffOnly(204),
      schema: {
        tags: ['tags'],
        params: IdParams,
        response: { 204: undoable(NoContent), ...errors },
      },
    },
    async (request, reply) => {
      const historyId = await tags.untagLearner(app, callerOf(request), request.params.id);
      reply.header(HISTORY_ID_HEADER, historyId);
      return reply.code(204).send();
    },
  );
};
