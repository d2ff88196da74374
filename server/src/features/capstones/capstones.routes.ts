import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CapstoneList,
  CapstonesQuery,
  CreateCapstoneBody,
  CreateCapstoneResponse,
  CreateTimelineBody,
  Timeline,
} from '@lp/contract/capstones';
import { ErrorResponse, IdParams, NoContent } from '@lp/contract/common';
import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import { undoable } from '@lp/contract/learners';
import { callerOf } from '../../plugins/principal.ts';
import { ownerOrStaff, staffOnly } from '../../plugins/route-rules.ts';
import { addTimeline, listCapstones, removeTimeline, submitProposal } from './capstones.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

/** Capstone proposals and their review timeline; rules in capstones.policy.ts. */
export const capstonesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/capstones',
    {
      config: ownerOrStaff(200),
      schema: {
        tags: ['capstones'],
        description: 'A cohort’s proposals (staff) or a learner’s (staff or that learner).',
        querystring: CapstonesQuery,
        response: { 200: CapstoneList, ...errors },
      },
    },
    async (request) => listCapstones(app, callerOf(request), request.query),
  );

  app.post(
    '/capstones',
    {
      config: {
        access: 'signed-in',
        // A learner proposes for a course of their own cohort; staff have no proposals.
        expect: { anonymous: 401, learner: 201, otherLearner: 403, staff: 403, coach: 403 },
      },
      schema: {
        tags: ['capstones'],
        description: 'The signed-in learner submits a proposal; one per course.',
        body: CreateCapstoneBody,
        response: { 201: CreateCapstoneResponse, ...errors },
      },
    },
    async (request, reply) => {
      const created = await submitProposal(app, callerOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/timelines',
    {
      config: staffOnly(201),
      schema: {
        tags: ['capstones'],
        description: 'Adds a review status to a proposal’s timeline.',
        body: CreateTimelineBody,
        response: { 201: undoable(Timeline), ...errors },
      },
    },
    async (request, reply) => {
      const { capstone, status } = request.body;
      const added = await addTimeline(app, callerOf(request), capstone, status);
      reply.header(HISTORY_ID_HEADER, added.historyId);
      return reply.code(201).send(added.timeline);
    },
  );

  app.delete(
    '/timelines/:id',
    {
      config: staffOnly(204),
      schema: {
        tags: ['capstones'],
        description: 'Deletes a timeline entry (revoking an approval); undoable.',
        params: IdParams,
        response: { 204: undoable(NoContent), ...errors },
      },
    },
    async (request, reply) => {
      const historyId = await removeTimeline(app, callerOf(request), request.params.id);
      reply.header(HISTORY_ID_HEADER, historyId);
      return reply.code(204).send();
    },
  );
};
