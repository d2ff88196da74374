import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AssignProjectBody,
  CardConflict,
  CardIfMatch,
  StartAssessmentBody,
  StartAssessmentResponse,
  UpdateAssessmentStatusBody,
} from '@lp/contract/board';
import { ErrorResponse, IdParams, MessageResponse, NoContent } from '@lp/contract/common';
import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import { undoable } from '@lp/contract/learners';
import { callerOf } from '../../../plugins/principal.ts';
import { ownerOrStaff, staffOnly } from '../../../plugins/route-rules.ts';
import { assignProject, changeAssessmentStatus, startAssessment } from './progress.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  412: CardConflict,
};

/** The board's mutations on a learner; who may do what is in progress.policy.ts. */
export const progressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/students/:id/project',
    {
      config: staffOnly(201),
      schema: {
        tags: ['students'],
        description: "Moves a learner to a project (409 'duplicate' when they had it before).",
        params: IdParams,
        headers: CardIfMatch,
        body: AssignProjectBody,
        response: { 201: undoable(MessageResponse), ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const historyId = await assignProject(
        app,
        caller,
        request.params.id,
        request.body.projectId,
        request.headers['if-match'],
      );
      reply.header(HISTORY_ID_HEADER, historyId);
      return reply.code(201).send({ message: 'Success' });
    },
  );

  app.post(
    '/students/:id/assess',
    {
      config: ownerOrStaff(201),
      schema: {
        tags: ['students'],
        description:
          'Starts the self-assessment of a book: the learner only for the book of their current project (else 403), staff for any. 409 with a Location of the existing one.',
        params: IdParams,
        headers: CardIfMatch,
        body: StartAssessmentBody,
        response: { 201: undoable(StartAssessmentResponse), ...errors, 502: ErrorResponse },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const created = await startAssessment(
        app,
        caller,
        request.params.id,
        request.body.bookId,
        request.headers['if-match'],
      );
      reply.header(HISTORY_ID_HEADER, created.historyId);
      return reply.code(201).send(created.started);
    },
  );

  app.put(
    '/students/:id/assess',
    {
      config: ownerOrStaff(204),
      schema: {
        tags: ['students'],
        description:
          'Changes the status of the self-assessment named by studentAssessmentId (without it, the learner’s latest). 4 marks every objective achieved.',
        params: IdParams,
        headers: CardIfMatch,
        body: UpdateAssessmentStatusBody,
        response: { 204: undoable(NoContent), ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const historyId = await changeAssessmentStatus(
        app,
        caller,
        request.params.id,
        request.body,
        request.headers['if-match'],
      );
      if (historyId !== null) reply.header(HISTORY_ID_HEADER, historyId);
      return reply.code(204).send();
    },
  );
};
