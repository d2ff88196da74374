import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams, NoContent } from '@lp/contract/common';
import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import { undoable } from '@lp/contract/learners';
import {
  CreateRecordBody,
  CreateRecordEntryBody,
  LearningRecord,
  LearningRecordList,
  RecordsQuery,
  UpdateRecordBody,
} from '@lp/contract/records';
import { callerOf } from '../../plugins/principal.ts';
import { staffOnly } from '../../plugins/route-rules.ts';
import * as records from './records.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
const tags = ['records'];

/*
 * Learning records are kept by staff: every records route is staff access, so any staff member
 * may read and change the records of any learner, whether or not they coach the learner's
 * cohort. Learners may not, not even their own (their score and achievements reach them through
 * other screens). No object rule remains, so records have no policy file.
 */
export const recordsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/records',
    {
      config: staffOnly(200),
      schema: { tags, querystring: RecordsQuery, response: { 200: LearningRecordList, ...errors } },
    },
    async (request) => records.listRecords(app, request.query.studentId),
  );

  app.get(
    '/records/:id',
    {
      config: staffOnly(200),
      schema: { tags, params: IdParams, response: { 200: LearningRecord, ...errors } },
    },
    async (request) => records.getRecord(app, request.params.id),
  );

  app.post(
    '/records',
    {
      config: staffOnly(201),
      schema: {
        tags,
        body: CreateRecordBody,
        response: { 201: undoable(LearningRecord), ...errors },
      },
    },
    async (request, reply) => {
      const created = await records.createRecord(app, callerOf(request), request.body);
      if (created.historyId !== null) reply.header(HISTORY_ID_HEADER, created.historyId);
      return reply.code(201).send(created.record);
    },
  );

  app.put(
    '/records/:id',
    {
      config: staffOnly(204),
      schema: {
        tags,
        params: IdParams,
        body: UpdateRecordBody,
        response: { 204: undoable(NoContent), ...errors },
      },
    },
    async (request, reply) => {
      const historyId = await records.updateRecord(
        app,
        callerOf(request),
        request.params.id,
        request.body,
      );
      if (historyId !== null) reply.header(HISTORY_ID_HEADER, historyId);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/records/:id',
    {
      config: staffOnly(204),
      schema: { tags, params: IdParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await records.deleteRecord(app, callerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/records/entries',
    {
      config: staffOnly(201),
      schema: { tags, body: CreateRecordEntryBody, response: { 201: LearningRecord, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await records.addEntry(app, callerOf(request), request.body)),
  );

  app.delete(
    '/records/entries/:id',
    {
      config: staffOnly(204),
      schema: { tags, params: IdParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await records.deleteEntry(app, callerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
