import type { BoardChangeKind } from '@lp/contract/live';
import type { WebhookEvent } from '@lp/contract/webhooks';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { enqueue } from '../../jobs/queue.ts';
import * as repo from './webhooks.repository.ts';

/** The board changes a webhook may ask for, by the event's name. */
const EVENT_OF: Partial<Record<BoardChangeKind, WebhookEvent>> = {
  project: 'learner.moved',
  assessment: 'self_assessment.status_changed',
  intervention: 'intervention.recorded',
  'transfer-in': 'learner.enrolled',
};

/** What a delivery tells of its event: whose, in words, by whom (null: no person, e.g. a check). */
interface EventTold {
  studentId: number | null;
  summary: string;
  actorId: number | null;
}

/**
 * Queues a delivery to every webhook that asked for this change's event, in the change's own
 * transaction (recordBoardChange calls it): a delivery exists exactly when its change does, and
 * the job queue sends it once committed.
 */
export async function queueWebhookEvents(
  trx: Transaction<Database>,
  change: EventTold & { kind: BoardChangeKind },
) {
  const event = EVENT_OF[change.kind];
  if (event) await queueWebhookEvent(trx, event, change);
}

/**
 * Queues a delivery of one event to every webhook that asked for it, in the transaction that
 * makes the event happen. One statement, which writes nothing when no webhook asked for it.
 */
export async function queueWebhookEvent(
  trx: Transaction<Database>,
  event: WebhookEvent,
  told: EventTold,
) {
  const deliveries = await repo.insertDeliveries(trx, event, told);
  if (deliveries.length === 0) return;
  await enqueue(trx, {
    kind: 'webhook-deliveries',
    cohortId: null,
    createdBy: told.actorId,
    steps: deliveries.map((delivery) => ({
      kind: 'webhook-delivery',
      phase: 'Delivering webhooks',
      label: `Webhook ${delivery.webhook_id}: ${event}`,
      input: { deliveryId: delivery.id },
    })),
  });
}
