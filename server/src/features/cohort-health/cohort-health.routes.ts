import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams } from '@lp/contract/common';
import { CohortHealth } from '@lp/contract/health';
import { Type } from 'typebox';
import { sendKept } from '../../plugins/kept-answer.ts';
import { staffOnly } from '../../plugins/route-rules.ts';
import { cohortHealthRead } from './cohort-health.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/*
 * A cohort's health is staff work: every staff member may read any cohort's, whether or not they
 * coach it; learners may not, not even of their own cohort. No object rule remains, so there is
 * no policy file. The thresholds are the server's HEALTH_* settings (config.ts).
 */
export const cohortHealthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/cohorts/:id/health',
    {
      config: staffOnly(200),
      schema: {
        tags: ['cohorts'],
        summary: 'Who in the cohort needs attention, and why',
        description: 'With an ETag; If-None-Match answers 304 while the report is unchanged.',
        params: IdParams,
        response: {
          // The report is JSON text made once while it holds, and kept as bytes.
          200: Type.Unsafe<CohortHealth | Buffer>(CohortHealth),
          304: Type.Unsafe<void>(Type.Null({ description: 'The report is unchanged' })),
          ...errors,
        },
      },
    },
    (request, reply) => sendKept(reply, cohortHealthRead(app, request.params.id)),
  );
};
