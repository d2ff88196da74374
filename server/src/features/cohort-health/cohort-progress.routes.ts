import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams } from '@lp/contract/common';
import { CohortProgress } from '@lp/contract/health';
import { staffOnly } from '../../plugins/route-rules.ts';
import { cohortProgress } from './cohort-progress.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/*
 * Like the cohort's health, its progress against earlier cohorts is staff work: any staff member,
 * coach of the cohort or not; never a learner. No object rule remains, so there is no policy file.
 */
export const cohortProgressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/cohorts/:id/health/progress',
    {
      config: staffOnly(200),
      schema: {
        tags: ['cohorts'],
        summary: "The cohort's progress through its books, week by week, against earlier cohorts",
        params: IdParams,
        response: { 200: CohortProgress, ...errors },
      },
    },
    async (request) => cohortProgress(app.db, request.params.id),
  );
};
