import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams } from '@lp/contract/common';
import { CohortDigest, DigestSendResult } from '@lp/contract/digest';
import { callerOf } from '../../plugins/principal.ts';
import { staffOnly } from '../../plugins/route-rules.ts';
import { cohortDigest, sendDigestNow } from './digest.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/*
 * A cohort's weekly digest (contract/src/digest.ts). Staff work like the health read it comes
 * from: every staff member may preview and send any cohort's; learners may not.
 * No object rule remains, so there is no policy file. The weekly sends are digest.schedule.ts;
 * both are sent by a job (digest.steps.ts).
 */
export const digestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/cohorts/:id/digest',
    {
      config: staffOnly(200),
      schema: {
        tags: ['cohorts'],
        summary: "The cohort's weekly digest as it would go out now, its recipients and sends",
        params: IdParams,
        response: { 200: CohortDigest, ...errors },
      },
    },
    async (request) => cohortDigest(app, request.params.id),
  );

  app.post(
    '/cohorts/:id/digest/send',
    {
      config: staffOnly(200),
      schema: {
        tags: ['cohorts'],
        summary:
          "Queues the cohort's digest to be sent by Slack now: to its instructor channel, or without one to its coaches",
        description:
          'Answers at once with the job that sends it (GET /jobs/{id}). 409 when Slack is not configured on the server, the cohort has no instructor channel and no coach with a Slack member ID, a send of the cohort is queued or running, or one reached someone less than a minute ago.',
        params: IdParams,
        response: { 200: DigestSendResult, ...errors, 409: ErrorResponse },
      },
    },
    async (request) => sendDigestNow(app, callerOf(request), request.params.id),
  );
};
