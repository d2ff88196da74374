import { WEBHOOK_EVENTS } from '@lp/contract/github';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { enqueue } from '../../jobs/queue.ts';
import { defineStep } from '../../jobs/steps.ts';
import { applyDeliveries, lockWaitingDeliveries } from './delivery-batch.ts';

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
 * Taken shared by each intake, exclusive by a job that found nothing more to process and looks
 * once more before it ends: that look waits for intakes under way, and an intake after it finds
 * the job claimed and queues another, so a delivery is never left without a job.
 */
const LAST_LOOK = sql`hashtext('github deliveries')`;

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

/**
 * Stores a verified delivery (`text`, its body as received) and sees that a job will process it,
 * in one transaction: a job waiting to be claimed, or a new one.
 */
export async function receiveDelivery(
  app: FastifyInstance,
  delivery: { id: string; event: string; payload: Record<string, unknown>; text: string },
): Promise<Intake> {
  if (!usedEvents.has(delivery.event)) return 'ignored';
  const action = typeof delivery.payload.action === 'string' ? delivery.payload.action : null;
  // PostgreSQL's text holds no NUL character: a payload with one is stored without it, so that
  // nothing read from it later (a commit message) fails.
  const text = delivery.text.includes('\\u0000')
    ? JSON.stringify(delivery.payload, (_key, value) =>
        typeof value === 'string' ? value.replaceAll('\0', '') : value,
      )
    : delivery.text;
  return app.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ stored: boolean }>`
      with stored as (
        insert into github_deliveries (id, event, action, payload)
        values (${delivery.id}, ${delivery.event}, ${action}, ${text}::json)
        on conflict (id) do nothing
        returning id)
      select exists (select 1 from stored) as stored, pg_advisory_xact_lock_shared(${LAST_LOOK})`.execute(
      trx,
    );
    if (!rows[0]?.stored) return 'duplicate';
    // A statement of its own: it must see the jobs as they are once the lock is held.
    const waiting = await trx
      .selectFrom('job_steps')
      .select('id')
      .where('kind', '=', githubDeliveriesStep.kind)
      .where('status', '=', 'pending')
      .where('locked_by', 'is', null)
      .limit(1)
      .executeTakeFirst();
    if (!waiting) await queueProcessing(trx);
    return 'queued';
  });
}

/**
 * Processes up to BATCH waiting deliveries, oldest first, in one transaction; answers how many.
 * Deliveries another job is processing are skipped, never waited for.
 */
export async function processWaitingDeliveries(trx: Transaction<Database>) {
  const batch = await lockWaitingDeliveries(trx, BATCH);
  if (batch.length > 0) await applyDeliveries(trx, batch);
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
        await sql`select pg_advisory_xact_lock(${LAST_LOOK})`.execute(trx);
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
