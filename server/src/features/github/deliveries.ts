import { WEBHOOK_EVENTS } from '@lp/contract/github';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { enqueue } from '../../jobs/queue.ts';
import { defineStep } from '../../jobs/steps.ts';
import { recordBoardChanges } from '../board/index.ts';
import {
  type DeliveryChange,
  deliveryChange,
  type NewRepositoryEvent,
} from './delivery-changes.ts';
import * as repo from './repositories.repository.ts';

// A webhook delivery is stored once, under GitHub's delivery id, and processed by a job:
// GitHub gets its answer as soon as the delivery is safe, and a redelivery changes nothing.
// Stored deliveries waiting for processing are themselves the queue: a job works them off in
// batches, oldest first, so a burst costs a few jobs rather than one per delivery.

export const DELIVERY_JOB = 'github-deliveries';
/** Deliveries processed in one transaction, and in one job before it leaves the rest to the next. */
const BATCH = 100;
const PER_JOB = 2000;
const usedEvents: ReadonlySet<string> = new Set(WEBHOOK_EVENTS.filter((event) => event !== 'ping'));

export type Intake = 'queued' | 'duplicate' | 'ignored';

/**
 * Taken shared by each intake, exclusive by a job that found nothing more to process and checks
 * once more before it ends: that check waits for intakes under way, so a delivery committed
 * just after a job's last look is never left without a job.
 */
const lastLook = (trx: Transaction<Database>, mode: 'shared' | 'exclusive') =>
  (mode === 'shared'
    ? sql`select pg_advisory_xact_lock_shared(hashtext('github deliveries'))`
    : sql`select pg_advisory_xact_lock(hashtext('github deliveries'))`
  ).execute(trx);

/** A job that will process this transaction's delivery: one waiting to be claimed, or a new one. */
async function ensureProcessing(trx: Transaction<Database>) {
  await lastLook(trx, 'shared');
  const waiting = await trx
    .selectFrom('job_steps')
    .select('id')
    .where('kind', '=', githubDeliveriesStep.kind)
    .where('status', '=', 'pending')
    .where('locked_by', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (!waiting) await queueProcessing(trx);
}

const queueProcessing = (trx: Transaction<Database>) =>
  enqueue(trx, {
    kind: DELIVERY_JOB,
    cohortId: null,
    createdBy: null,
    steps: [
      {
        kind: githubDeliveriesStep.kind,
        phase: 'Recording GitHub activity',
        label: 'GitHub deliveries received',
        input: {},
      },
    ],
  });

/** Stores a verified delivery and sees that a job will process it, in one transaction. */
export async function receiveDelivery(
  app: FastifyInstance,
  delivery: { id: string; event: string; payload: Record<string, unknown> },
): Promise<Intake> {
  if (!usedEvents.has(delivery.event)) return 'ignored';
  return app.db.transaction().execute(async (trx) => {
    const stored = await trx
      .insertInto('github_deliveries')
      .values({
        id: delivery.id,
        event: delivery.event,
        action: typeof delivery.payload.action === 'string' ? delivery.payload.action : null,
        // PostgreSQL's jsonb holds no NUL character: a commit message with one loses it.
        payload: JSON.stringify(delivery.payload, (_key, value) =>
          typeof value === 'string' ? value.replaceAll('\0', '') : value,
        ),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!stored) return 'duplicate';
    await ensureProcessing(trx);
    return 'queued';
  });
}

const eventWords = (events: NewRepositoryEvent[]) =>
  events
    .map((event) =>
      event.kind === 'push'
        ? `pushed ${event.commitCount === 1 ? '1 commit' : `${event.commitCount ?? 0} commits`}`
        : event.kind === 'check'
          ? `${event.title}: ${event.state.replaceAll('_', ' ')}`
          : event.kind === 'review'
            ? `review: ${event.state.replaceAll('_', ' ')}`
            : `pull request #${event.subject} ${event.state}`,
    )
    .join(', ');

/** Applies what a delivery changes; answers the outcome in words. */
async function apply(trx: Transaction<Database>, change: DeliveryChange): Promise<string> {
  switch (change.type) {
    case 'none':
      return change.reason;
    case 'member': {
      const result = await repo.markOrganizationMember(trx, change.login);
      return result.numUpdatedRows > 0n
        ? `${change.login} joined ${change.organization}`
        : `${change.login} is not a learner waiting to join`;
    }
    case 'repository': {
      const updated = await repo.refreshRepository(
        trx,
        change.repository,
        change.action === 'deleted',
      );
      if (!updated) return `${change.repository.fullName} is not a linked repository`;
      const words = `repository ${change.repository.fullName} ${change.action}`;
      await recordBoardChanges(trx, await repo.learnersOf(trx, updated.id), {
        kind: 'activity',
        summary: words,
        actorId: null,
      });
      return words;
    }
    case 'events': {
      const repository = await repo.refreshRepository(trx, change.repository);
      if (!repository) return `${change.repository.fullName} is not a linked repository`;
      const added = await repo.addEvents(trx, repository.id, change.events);
      if (added === 0) return `already recorded in ${repository.full_name}`;
      const words = eventWords(change.events);
      // The cards of the learners whose work it is change on every open board.
      await recordBoardChanges(trx, await repo.learnersOf(trx, repository.id), {
        kind: 'activity',
        summary: words,
        actorId: null,
      });
      return `${words} in ${repository.full_name}`;
    }
  }
}

/** Processes one stored delivery (locked by the caller); answers the outcome in words. */
async function processDelivery(
  trx: Transaction<Database>,
  delivery: { id: string; event: string; payload: Record<string, unknown>; received_at: Date },
) {
  let change: DeliveryChange;
  try {
    change = deliveryChange(delivery.event, delivery.payload, delivery.received_at.toISOString());
  } catch (error) {
    // A payload without what its event needs: kept with the reason, never retried.
    if (!(error instanceof TypeError)) throw error;
    change = { type: 'none', reason: `unreadable ${delivery.event} payload: ${error.message}` };
  }
  const outcome = await apply(trx, change);
  await trx
    .updateTable('github_deliveries')
    .set({ processed_at: new Date(), outcome })
    .where('id', '=', delivery.id)
    .execute();
}

/**
 * Processes up to BATCH waiting deliveries, oldest first, in one transaction; answers how many.
 * Deliveries another job is processing are skipped, never waited for.
 */
export async function processWaitingDeliveries(trx: Transaction<Database>) {
  const batch = await trx
    .selectFrom('github_deliveries')
    .select(['id', 'event', 'payload', 'received_at'])
    .where('processed_at', 'is', null)
    .orderBy('received_at')
    .orderBy('id')
    .limit(BATCH)
    .forUpdate()
    .skipLocked()
    .execute();
  for (const delivery of batch) await processDelivery(trx, delivery);
  return batch.length;
}

export const githubDeliveriesStep = defineStep<Record<string, never>>({
  kind: 'github-deliveries',
  async run(_input, { transaction }) {
    let processed = 0;
    for (;;) {
      const done = await transaction(processWaitingDeliveries);
      processed += done;
      if (processed >= PER_JOB) {
        // A long burst: the next job goes on with it, and this one's result is kept.
        await transaction(queueProcessing);
        break;
      }
      if (done > 0) continue;
      const late = await transaction(async (trx) => {
        await lastLook(trx, 'exclusive');
        return processWaitingDeliveries(trx);
      });
      processed += late;
      if (late === 0) break;
    }
    return {
      summary: processed === 1 ? '1 delivery processed' : `${processed} deliveries processed`,
    };
  },
});
