import type {
  CreatedWebhook,
  CreateWebhookBody,
  Webhook,
  WebhookDeliveryList,
  WebhookEvent,
} from '@lp/contract/webhooks';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit.ts';
import { isoTimestamp } from '../../lib/dates.ts';
import { notFound } from '../../lib/http-errors.ts';
import { randomSecret } from '../../lib/secrets.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { checkedWebhookUrl } from './public-address.ts';
import * as repo from './webhooks.repository.ts';

type WebhookRow = Awaited<ReturnType<typeof repo.listWebhooks>>[number];

const webhookOf = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  // Written only from the contract's events (createWebhook).
  events: row.events as WebhookEvent[],
  created_at: isoTimestamp(row.created_at),
  deleted_at: row.deleted_at ? isoTimestamp(row.deleted_at) : null,
});

export async function listWebhooks(app: FastifyInstance) {
  return (await repo.listWebhooks(app.db)).map(webhookOf);
}

/** Registers a webhook; its signing secret is in this answer only. */
export async function createWebhook(
  app: FastifyInstance,
  caller: SignedInPerson,
  body: CreateWebhookBody,
): Promise<CreatedWebhook> {
  const url = await checkedWebhookUrl(body.url.trim(), app.config.webhooksAllowPrivate);
  const secret = `lpwh_${randomSecret(30)}`;
  const row = await app.db.transaction().execute(async (trx) => {
    const created = await repo.insertWebhook(trx, {
      url: url.href,
      events: body.events,
      secret,
      createdBy: caller.id,
    });
    await audit(trx, {
      actorId: caller.id,
      action: 'create',
      entity: 'webhook',
      entityId: created.id,
    });
    return created;
  });
  return { ...webhookOf(row), secret };
}

/** Deletes (deleted: true) or restores a webhook: deliveries stop, or start again. */
export async function setWebhookDeleted(
  app: FastifyInstance,
  caller: SignedInPerson,
  id: number,
  deleted: boolean,
) {
  const row = await app.db.transaction().execute(async (trx) => {
    const changed = await repo.setDeleted(trx, id, deleted);
    if (!changed) throw notFound('Webhook');
    await audit(trx, {
      actorId: caller.id,
      action: deleted ? 'delete' : 'restore',
      entity: 'webhook',
      entityId: id,
    });
    return changed;
  });
  return webhookOf(row);
}

export async function webhookDeliveries(
  app: FastifyInstance,
  id: number,
): Promise<WebhookDeliveryList> {
  if (!(await repo.webhookById(app.db, id))) throw notFound('Webhook');
  const rows = await repo.deliveriesOf(app.db, id);
  return rows.map((row) => ({
    ...row,
    event: row.event as WebhookEvent,
    created_at: isoTimestamp(row.created_at),
    delivered_at: row.delivered_at ? isoTimestamp(row.delivered_at) : null,
  }));
}
