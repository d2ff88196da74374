import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '@lp/contract/common';
import { WEBHOOK_PATH, WebhookAnswer } from '@lp/contract/github';
import { Webhooks } from '@octokit/webhooks';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError, unauthorized } from '../../lib/http-errors.ts';
import { everyone } from '../../plugins/route-rules.ts';
import { receiveDelivery } from './deliveries.ts';

/**
 * GitHub caps a delivery at 25 MB, but what the product reads of one (a push's head commit, a
 * pull request's title, a check's state) fits in far less: a bigger body is refused unread.
 */
export const WEBHOOK_BODY_LIMIT = 5 * 1024 * 1024;

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/**
 * POST /github/webhooks: the signature is checked against the raw body before anything is read
 * (the route keeps JSON bodies as text, in its own scope), then the delivery is stored once and
 * queued.
 */
export const webhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const secret = app.config.github.webhookSecret;
  const webhooks = secret ? new Webhooks({ secret }) : null;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, String(body)),
  );

  app.post(
    WEBHOOK_PATH,
    {
      // GitHub proves itself by the signature: no person's token or lack of one is that proof.
      config: { access: 'anyone', expect: everyone(secret ? 401 : 503) },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['github'],
        response: {
          202: WebhookAnswer,
          400: ErrorResponse,
          401: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      if (!webhooks)
        throw new HttpError(
          503,
          'GITHUB_WEBHOOK_SECRET is not set: deliveries cannot be verified.',
        );
      const body = typeof request.body === 'string' ? request.body : '';
      const signature = header(request, 'x-hub-signature-256');
      if (!signature) throw unauthorized('X-Hub-Signature-256 is missing.');
      if (!(await webhooks.verify(body, signature).catch(() => false)))
        throw unauthorized('X-Hub-Signature-256 does not match the body.');
      const event = header(request, 'x-github-event');
      if (!event) throw badRequest('X-GitHub-Event is missing.');
      const id = header(request, 'x-github-delivery');
      if (!id || id.length > 100) throw badRequest('X-GitHub-Delivery must be a delivery id.');
      let payload: unknown;
      try {
        payload = JSON.parse(body);
      } catch {
        throw badRequest('body must be JSON.');
      }
      if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
        throw badRequest('body must be a JSON object.');
      const outcome = await receiveDelivery(app, {
        id,
        event,
        payload: payload as Record<string, unknown>,
        text: body,
      });
      const message = {
        queued: `Delivery ${id} stored; it is being processed.`,
        duplicate: `Delivery ${id} was received before; nothing changed.`,
        ignored: `${event} deliveries are not used; nothing changed.`,
      }[outcome];
      return reply.code(202).send({ outcome, message });
    },
  );
};
