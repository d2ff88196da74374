import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AssignBody,
  AssignQuery,
  Cohort,
  CohortActiveBody,
  CohortListQuery,
  CohortSummary,
  CreateCohortBody,
  InvitationSecret,
  UnassignBody,
  UpdateCohortBody,
} from '@lp/contract/cohorts';
import { ErrorResponse, IdParams, MessageResponse, NoContent } from '@lp/contract/common';
import { Type } from 'typebox';
import { notModified, sendKept } from '../../plugins/kept-answer.ts';
import { callerOf } from '../../plugins/principal.ts';
import { ownerOrStaff, signedIn, staffOnly } from '../../plugins/route-rules.ts';
import * as members from './cohort-members.service.ts';
import * as cohorts from './cohorts.service.ts';
import * as migration from './migration.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
const tags = ['cohorts'];

export const cohortsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/cohorts',
    {
      config: signedIn(200),
      schema: {
        tags,
        description:
          'Staff see every cohort, a learner only their own. `limit` gives the most recent by ' +
          'start date; `q` searches names (every word must appear) and answers [{id, name}].',
        querystring: CohortListQuery,
        response: {
          200: Type.Union([Type.Array(Cohort), Type.Array(CohortSummary)]),
          ...notModified,
          ...errors,
        },
      },
    },
    (request, reply) =>
      sendKept(reply, cohorts.cohortListRead(app, callerOf(request), request.query)),
  );

  app.get(
    '/cohorts/:id',
    {
      config: ownerOrStaff(200),
      schema: { tags, params: IdParams, response: { 200: Cohort, ...notModified, ...errors } },
    },
    (request, reply) =>
      sendKept(reply, cohorts.cohortRead(app, callerOf(request), request.params.id)),
  );

  app.post(
    '/cohorts',
    {
      config: staffOnly(201),
      schema: { tags, body: CreateCohortBody, response: { 201: Cohort, ...errors } },
    },
    async (request, reply) => {
      const created = await cohorts.createCohort(app, callerOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/cohorts/:id',
    {
      config: staffOnly(204),
      schema: {
        tags,
        description: 'Changes only the fields sent.',
        params: IdParams,
        body: UpdateCohortBody,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await cohorts.updateCohort(app, callerOf(request), request.params.id, request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/cohorts/:id',
    {
      config: staffOnly(204),
      schema: {
        tags,
        description:
          'Removes a cohort no learner was ever in (one made by mistake): its courses, coaches, ' +
          'links and events go with it. 409 once it has had a learner: make it inactive instead.',
        params: IdParams,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await cohorts.deleteCohort(app, callerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.put(
    '/cohorts/:id/active',
    {
      config: staffOnly(204),
      schema: {
        tags,
        params: IdParams,
        body: CohortActiveBody,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const { active } = request.body;
      await cohorts.updateCohort(app, callerOf(request), request.params.id, { active });
      return reply.code(204).send();
    },
  );

  app.put(
    '/cohorts/:id/migrate',
    {
      config: staffOnly(204),
      schema: { tags, params: IdParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await migration.migrateToServerSide(app, callerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/cohorts/:id/migrate',
    {
      config: staffOnly(204),
      schema: {
        tags,
        description:
          "Undoes the cohort's latest migration to server side while nothing it did has changed: " +
          'its learners are on their projects as before, the client side course is active again. ' +
          '409 once a learner moved on or the active course changed; 404 with no migration to undo.',
        params: IdParams,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await migration.undoMigration(app, callerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/cohorts/:id/assign',
    {
      config: staffOnly(201),
      schema: {
        tags,
        description:
          '?userType=instructor: the caller joins as an instructor. Otherwise body {person_id} ' +
          'adds a learner who has no current cohort (409 when they are in another one).',
        params: IdParams,
        querystring: AssignQuery,
        body: AssignBody,
        response: { 201: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { id } = request.params;
      const answer =
        request.query.userType === 'instructor'
          ? await members.joinAsInstructor(app, caller, id)
          : await members.addLearner(app, caller, id, request.body?.person_id);
      return reply.code(201).send(answer);
    },
  );

  app.delete(
    '/cohorts/:id/assign',
    {
      config: staffOnly(204),
      schema: {
        tags,
        description: '?userType=instructor: the caller leaves. Otherwise body {student_id}.',
        params: IdParams,
        querystring: AssignQuery,
        body: UnassignBody,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { id } = request.params;
      if (request.query.userType === 'instructor') await members.leaveAsInstructor(app, caller, id);
      else await members.removeLearner(app, caller, id, request.body?.student_id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/cohorts/:id/invitation',
    {
      config: staffOnly(200),
      schema: {
        tags,
        description: 'Issues a new invitation secret; links with the old one enrol no one.',
        params: IdParams,
        response: { 200: InvitationSecret, ...errors },
      },
    },
    async (request) => cohorts.rotateInvitation(app, callerOf(request), request.params.id),
  );
};
