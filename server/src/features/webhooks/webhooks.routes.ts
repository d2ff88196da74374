import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams } from '@lp/contract/common';
import {
  CreatedWebhook,
  CreateWebhookBody,
  Webhook,
  WebhookDeliveryList,
  WebhookList,
} from '@lp/contract/webhooks';
import { callerOf } from '../../plugins/principal.ts';
import { staffOnly } from '../../plugins/route-rules.ts';
import * as webhooks from './webhooks.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/*
 * Outgoing webhooks are the school's, not a person's: any staff member may register, delete and
 * restore them and read their deliveries; learners may not. An API token may, as its scope allows.
 */
export const webhooksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/webhooks',
    {
      config: staffOnly(200),
      schema: { tags: ['webhooks'], response: { 200: WebhookList, ...errors } },
    },
    async () => webhooks.listWebhooks(app),
  );

  app.post(
    '/webhooks',
    {
      config: staffOnly(201),
      schema: {
        tags: ['webhooks'],
        summary: 'Register a webhook; its signing secret is shown in this answer only',
        body: CreateWebhookBody,
        response: { 201: CreatedWebhook, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await webhooks.createWebhook(app, callerOf(request), request.body)),
  );

  app.delete(
    '/webhooks/:id',
    {
      config: staffOnly(200),
      schema: {
        tags: ['webhooks'],
        summary: 'Delete a webhook: no more deliveries (undone by restore)',
        params: IdParams,
        response: { 200: Webhook, ...errors },
      },
    },
    async (request) => webhooks.setWebhookDeleted(app, callerOf(request), request.params.id, true),
  );

  app.post(
    '/webhooks/:id/restore',
    {
      config: staffOnly(200),
      schema: {
        tags: ['webhooks'],
        summary: 'Undo the deletion of a webhook',
        params: IdParams,
        response: { 200: Webhook, ...errors },
      },
    },
    async (request) => webhooks.setWebhookDeleted(app, callerOf(request), request.params.id, false),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config: staffOnly(200),
      schema: {
        tags: ['webhooks'],
        params: IdParams,
        response: { 200: WebhookDeliveryList, ...errors },
      },
    },
    async (request) => webhooks.webhookDeliveries(app, request.params.id),
  );
};
