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

/**
 * Queues a delivery to every webhook that asked for this change's event, in the change's own
 * transaction (recordBoardChange calls it): a delivery exists exactly when its change does, and
 * the job queue sends it once committed. One statement, which writes nothing when no webhook
 * asked for the event.
 */
export async function queueWebhookEvents(
  trx: Transaction<Database>,
  change: {
    studentId: number | null;
    kind: BoardChangeKind;
    summary: string;
    actorId: number | null;
  },
) {
  const event = EVENT_OF[change.kind];
  if (!event) return;
  const deliveries = await repo.insertDeliveries(trx, event, change);
  if (deliveries.length === 0) return;
  await enqueue(trx, {
    kind: 'webhook-deliveries',
    cohortId: null,
    createdBy: change.actorId,
    steps: deliveries.map((delivery) => ({
      kind: 'webhook-delivery',
      phase: 'Delivering webhooks',
      label: `Webhook ${delivery.webhook_id}: ${event}`,
      input: { deliveryId: delivery.id },
    })),
  });
}
