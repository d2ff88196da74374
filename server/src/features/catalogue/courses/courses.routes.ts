import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams, NoContent } from '@lp/contract/common';
import {
  Course,
  CourseList,
  CourseListQuery,
  CourseStats,
  CreateCourseBody,
  UpdateCourseBody,
} from '@lp/contract/courses';
import { notModified, sendKept } from '../../../plugins/kept-answer.ts';
import { callerOf } from '../../../plugins/principal.ts';
import { signedIn, staffOnly } from '../../../plugins/route-rules.ts';
import * as service from './courses.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const tags = ['courses'];

export const coursesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/courses',
    {
      config: signedIn(200),
      schema: {
        tags,
        querystring: CourseListQuery,
        response: { 200: CourseList, ...notModified, ...errors },
      },
    },
    (request, reply) => sendKept(reply, service.courseListRead(app, request.query)),
  );

  app.get(
    '/courses/:id',
    {
      config: signedIn(200),
      schema: { tags, params: IdParams, response: { 200: Course, ...errors } },
    },
    (request) => service.getCourse(app, request.params.id),
  );

  app.get(
    '/courses/:id/stats',
    {
      config: staffOnly(200),
      schema: { tags, params: IdParams, response: { 200: CourseStats, ...errors } },
    },
    (request) => service.courseStats(app, request.params.id),
  );

  app.post(
    '/courses',
    {
      config: staffOnly(201),
      schema: { tags, body: CreateCourseBody, response: { 201: Course, ...errors } },
    },
    async (request, reply) => {
      const course = await service.createCourse(app, callerOf(request).id, request.body);
      return reply.code(201).send(course);
    },
  );

  app.put(
    '/courses/:id',
    {
      config: staffOnly(204),
      schema: {
        tags,
        params: IdParams,
        body: UpdateCourseBody,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.updateCourse(app, callerOf(request).id, request.params.id, request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/courses/:id',
    {
      config: staffOnly(204),
      schema: {
        tags,
        description: 'Deactivates the course (active = false); nothing is erased.',
        params: IdParams,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.deactivateCourse(app, callerOf(request).id, request.params.id);
      return reply.code(204).send();
    },
  );
};
