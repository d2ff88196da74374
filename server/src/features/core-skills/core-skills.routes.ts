import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams, NoContent } from '@lp/contract/common';
import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import {
  CoreSkillList,
  CoreSkillRecord,
  CoreSkillRecordList,
  CoreSkillRecordsQuery,
  CreateCoreSkillRecordBody,
  UpdateCoreSkillRecordBody,
} from '@lp/contract/core-skills';
import { undoable } from '@lp/contract/learners';
import { callerOf } from '../../plugins/principal.ts';
import { staffOnly } from '../../plugins/route-rules.ts';
import * as coreSkills from './core-skills.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
const tags = ['core skills'];

/*
 * Core-skill ratings are given by staff: every core-skills route is staff access, so any staff
 * member may read and rate any learner, whether or not they coach the learner's cohort. Learners
 * may not, not even read their own ratings. No object rule remains, so core skills have no
 * policy file.
 */
export const coreSkillsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/coreskills',
    { config: staffOnly(200), schema: { tags, response: { 200: CoreSkillList, ...errors } } },
    async () => coreSkills.listSkills(app),
  );

  app.get(
    '/coreskillrecords',
    {
      config: staffOnly(200),
      schema: {
        tags,
        querystring: CoreSkillRecordsQuery,
        response: { 200: CoreSkillRecordList, ...errors },
      },
    },
    async (request) => coreSkills.listRecords(app, request.query.studentId),
  );

  app.get(
    '/coreskillrecords/:id',
    {
      config: staffOnly(200),
      schema: { tags, params: IdParams, response: { 200: CoreSkillRecord, ...errors } },
    },
    async (request) => coreSkills.getRecord(app, request.params.id),
  );

  app.post(
    '/coreskillrecords',
    {
      config: staffOnly(201),
      schema: {
        tags,
        body: CreateCoreSkillRecordBody,
        response: { 201: undoable(CoreSkillRecord), ...errors },
      },
    },
    async (request, reply) => {
      const created = await coreSkills.createRecord(app, callerOf(request), request.body);
      reply.header(HISTORY_ID_HEADER, created.historyId);
      return reply.code(201).send(created.record);
    },
  );

  app.put(
    '/coreskillrecords/:id',
    {
      config: staffOnly(204),
      schema: {
        tags,
        params: IdParams,
        body: UpdateCoreSkillRecordBody,
        response: { 204: undoable(NoContent), ...errors },
      },
    },
    async (request, reply) => {
      const historyId = await coreSkills.updateLevel(
        app,
        callerOf(request),
        request.params.id,
        request.body.level,
      );
      if (historyId !== null) reply.header(HISTORY_ID_HEADER, historyId);
      return reply.code(204).send();
    },
  );
};
