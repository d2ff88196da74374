import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams } from '@lp/contract/common';
import { Job, JobIntegrations, JobListQuery, JobRetryBody } from '@lp/contract/jobs';
import { Type } from 'typebox';
import { callerOf } from '../../plugins/principal.ts';
import { ownerOrStaff, staffOnly } from '../../plugins/route-rules.ts';
import * as jobs from './jobs.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
const tags = ['jobs'];

/** The work done at GitHub and Slack off the request; rules in jobs.policy.ts. */
export const jobsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/jobs',
    {
      config: staffOnly(200),
      schema: {
        tags,
        description: "A cohort's latest jobs (at most 50), newest first, with their steps.",
        querystring: JobListQuery,
        response: { 200: Type.Array(Job), ...errors },
      },
    },
    async (request) => jobs.listJobs(app, request.query.cohort),
  );

  app.get(
    '/jobs/integrations',
    {
      config: staffOnly(200),
      schema: {
        tags,
        description:
          'Whether Slack and GitHub are configured on this server: without them saving teams, ' +
          'migrating tickets and the like make no jobs.',
        response: { 200: JobIntegrations, ...errors },
      },
    },
    async () => jobs.integrations(app),
  );

  app.get(
    '/jobs/:id',
    {
      config: ownerOrStaff(200),
      schema: {
        tags,
        description:
          'One job and its steps, for following its progress. Staff; a learner only the job of ' +
          'their own self-assessment repository.',
        params: IdParams,
        response: { 200: Job, ...errors },
      },
    },
    async (request) => jobs.getJob(app, callerOf(request), request.params.id),
  );

  app.post(
    '/jobs/:id/retry',
    {
      config: staffOnly(200),
      schema: {
        tags,
        description:
          'Tries the failed steps of a job again (body `{}`), or only `step`, from their first ' +
          'attempt. ' +
          '409 when there is no such failed step.',
        params: IdParams,
        body: JobRetryBody,
        response: { 200: Job, ...errors },
      },
    },
    async (request) => jobs.retryJob(app, callerOf(request), request.params.id, request.body),
  );
};
