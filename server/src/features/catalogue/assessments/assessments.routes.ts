import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AssessmentListQuery,
  BookAssessment,
  BookAssessmentList,
  BookAssessmentListQuery,
  CreateAssessmentBody,
  CreatedAssessment,
  StudentAssessment,
  UpdateBookAssessmentBody,
  UpdateStudentAssessmentBody,
} from '@lp/contract/assessments';
import { ErrorResponse, IdParams, NoContent } from '@lp/contract/common';
import { Type } from 'typebox';
import { callerOf } from '../../../plugins/principal.ts';
import { ownerOrStaff, signedIn, staffOnly } from '../../../plugins/route-rules.ts';
import * as service from './assessments.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['assessments'];

export const assessmentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/assessments',
    {
      config: ownerOrStaff(200),
      schema: {
        tags,
        description:
          "Without studentId: every book's self-assessment. With studentId: that learner's " +
          'self-assessments, newest first (the learner themself or staff).',
        querystring: AssessmentListQuery,
        response: {
          200: Type.Union([BookAssessmentList, Type.Array(StudentAssessment)]),
          ...errors,
        },
      },
    },
    (request) => {
      const { studentId } = request.query;
      if (studentId === undefined) return service.listDefinitions(app);
      return service.listLearnerAssessments(app, callerOf(request), studentId);
    },
  );

  app.get(
    '/assessments/:id',
    {
      config: ownerOrStaff(200),
      schema: {
        tags,
        description: "One learner's self-assessment (the learner themself or staff).",
        params: IdParams,
        response: { 200: StudentAssessment, ...errors },
      },
    },
    (request) => service.getLearnerAssessment(app, callerOf(request), request.params.id),
  );

  app.post(
    '/assessments',
    {
      config: staffOnly(201),
      schema: {
        tags,
        description:
          "With studentId and assessmentId: gives the learner that assessment. Otherwise creates a book's " +
          'self-assessment from name, sourceURL, bookId and objectives (one per book).',
        body: CreateAssessmentBody,
        response: { 201: CreatedAssessment, 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const created = await service.createAssessment(app, callerOf(request).id, request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/assessments/:id',
    {
      config: staffOnly(204),
      schema: {
        tags,
        description: "Sets a learner's self-assessment status (id or label).",
        params: IdParams,
        body: UpdateStudentAssessmentBody,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await service.changeLearnerStatus(app, callerOf(request).id, id, request.body.status);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/assessments/:id',
    {
      config: staffOnly(204),
      schema: {
        tags,
        description: "Deletes a book's self-assessment; 409 once learners have started it.",
        params: IdParams,
        response: { 204: NoContent, 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteDefinition(app, callerOf(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/assessments/:id/restore',
    {
      config: staffOnly(200),
      schema: {
        tags,
        description:
          "Undoes a book's self-assessment's latest deletion: the same id, objectives and LMS " +
          'grade columns; 409 when it is there, or its book was deleted or has another since.',
        params: IdParams,
        response: { 200: BookAssessment, 409: ErrorResponse, ...errors },
      },
    },
    (request) => service.restoreDefinition(app, callerOf(request).id, request.params.id),
  );

  app.get(
    '/bookassessments',
    {
      config: signedIn(200),
      schema: {
        tags,
        querystring: BookAssessmentListQuery,
        response: { 200: BookAssessmentList, ...errors },
      },
    },
    (request) => service.listDefinitions(app, request.query.bookId),
  );

  app.get(
    '/bookassessments/:id',
    {
      config: signedIn(200),
      schema: { tags, params: IdParams, response: { 200: BookAssessment, ...errors } },
    },
    (request) => service.getDefinition(app, request.params.id),
  );

  app.put(
    '/bookassessments/:id',
    {
      config: staffOnly(204),
      schema: {
        tags,
        description:
          "Changes the fields sent; objectives replace this assessment's objectives only.",
        params: IdParams,
        body: UpdateBookAssessmentBody,
        response: { 204: NoContent, 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await service.updateDefinition(app, callerOf(request).id, id, request.body);
      return reply.code(204).send();
    },
  );
};
