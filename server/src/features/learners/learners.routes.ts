import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, NoContent } from '@lp/contract/common';
import {
  ClearResult,
  DeleteResult,
  DeleteStudentQuery,
  HistoryList,
  HistoryParams,
  StudentDetail,
  StudentParams,
  TransferBody,
  TransferResult,
  UndoResult,
  UpdateStudentBody,
} from '@lp/contract/learners';
import { FeedbackBody, FeedbackCreated } from '@lp/contract/notes';
import { notModified, sendKept } from '../../plugins/kept-answer.ts';
import { callerOf } from '../../plugins/principal.ts';
import { ownerOrStaff, staffOnly } from '../../plugins/route-rules.ts';
import * as changes from './learner-changes.service.ts';
import * as learners from './learners.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
const tags = ['learners'];

// The list variants (GET /students?…) belong to the board feature and the board actions
// (/students/{id}/project|assess) to the progress feature; these are one learner's record and
// the changes to it.
export const learnersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/students/:id',
    {
      config: ownerOrStaff(200),
      schema: {
        tags,
        params: StudentParams,
        response: { 200: StudentDetail, ...notModified, ...errors },
      },
    },
    (request, reply) =>
      sendKept(reply, learners.studentDetailRead(app, callerOf(request), request.params.id)),
  );

  app.put(
    '/students/:id',
    {
      config: ownerOrStaff(204),
      schema: {
        tags,
        params: StudentParams,
        body: UpdateStudentBody,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await learners.updateStudent(app, callerOf(request), request.params.id, request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/students/:id',
    {
      config: staffOnly(200),
      schema: {
        tags,
        params: StudentParams,
        querystring: DeleteStudentQuery,
        description:
          '?soft=true clears the learner (200 ClearResult, undoable); otherwise deletes the person (200 DeleteResult).',
        response: { 200: { anyOf: [ClearResult, DeleteResult] }, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      return request.query.soft
        ? changes.clearLearner(app, caller, request.params.id)
        : changes.deleteLearner(app, caller, request.params.id);
    },
  );

  app.post(
    '/students/:id/transfer',
    {
      config: staffOnly(200),
      schema: {
        tags,
        params: StudentParams,
        body: TransferBody,
        response: { 200: TransferResult, ...errors },
      },
    },
    async (request) =>
      changes.transferLearner(app, callerOf(request), request.params.id, request.body.cohortId),
  );

  app.get(
    '/students/:id/history',
    {
      config: staffOnly(200),
      schema: { tags, params: StudentParams, response: { 200: HistoryList, ...errors } },
    },
    async (request) => changes.learnerHistory(app, request.params.id),
  );

  app.post(
    '/students/:id/history/:historyId/undo',
    {
      config: staffOnly(200),
      schema: { tags, params: HistoryParams, response: { 200: UndoResult, ...errors } },
    },
    async (request) =>
      changes.undoChange(app, callerOf(request), request.params.id, request.params.historyId),
  );

  app.post(
    '/students/:id/status',
    {
      config: staffOnly(201),
      schema: {
        tags,
        params: StudentParams,
        body: FeedbackBody,
        response: { 201: FeedbackCreated, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await learners.sendFeedback(
            app,
            callerOf(request),
            request.params.id,
            request.body.notes,
          ),
        ),
  );
};
