import type { BoardChangeKind } from '@lp/contract/live';
import type { WebhookEvent } from '@lp/contract/webhooks';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { enqueue } from '../../jobs/queue.ts';
import { fullNameText } from '../../lib/names.ts';
import { isCurrentMembershipText } from '../cohorts/index.ts';
import * as repo from './webhooks.repository.ts';

/** The board changes a webhook may ask for, by the event's name. */
const EVENT_OF: Partial<Record<BoardChangeKind, WebhookEvent>> = {
  project: 'learner.moved',
  assessment: 'self_assessment.status_changed',
  intervention: 'intervention.recorded',
  'transfer-in': 'learner.enrolled',
};

interface Change {
  studentId: number | null;
  kind: BoardChangeKind;
  summary: string;
  actorId: number | null;
}

const personRef = (trx: Transaction<Database>, id: number | null) =>
  id === null
    ? Promise.resolve(null)
    : sql<{ id: number; name: string }>`select p.id, ${sql.raw(fullNameText('p'))} as name
        from people p where p.id = ${id}`
        .execute(trx)
        .then((result) => result.rows[0] ?? null);

/**
 * Queues a delivery to every webhook that asked for this change's event, in the change's own
 * transaction (recordBoardChange calls it): a delivery exists exactly when its change does, and
 * the job queue sends it once committed. Nothing when no webhook asked for it.
 */
export async function queueWebhookEvents(trx: Transaction<Database>, change: Change) {
  const event = EVENT_OF[change.kind];
  if (!event) return;
  const wanted = await trx
    .selectFrom('webhooks')
    .select('id')
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`${event} = any(events)`)
    .executeTakeFirst();
  if (!wanted) return;
  const cohorts = await sql<{ cohort_id: number }>`select m.cohort_id from cohort_memberships m
    where m.person_id = ${change.studentId} and ${sql.raw(isCurrentMembershipText('m'))}`
    .execute(trx)
    .then((result) => result.rows);
  const payload = {
    event,
    at: new Date().toISOString(),
    learner: await personRef(trx, change.studentId),
    cohorts: cohorts.map((row) => row.cohort_id),
    summary: change.summary,
    actor: await personRef(trx, change.actorId),
  };
  const deliveries = await repo.insertDeliveries(trx, event, payload);
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
