import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { isoTimestampText } from '../../lib/dates.ts';
import { fullNameText } from '../../lib/names.ts';
import { isCurrentMembershipText } from '../cohorts/index.ts';

const webhookColumns = ['id', 'url', 'events', 'created_at', 'deleted_at'] as const;

export const listWebhooks = (db: Db) =>
  db.selectFrom('webhooks').select(webhookColumns).orderBy('id', 'desc').execute();

export const insertWebhook = (
  db: Db,
  webhook: { url: string; events: string[]; secret: string; createdBy: number },
) =>
  db
    .insertInto('webhooks')
    .values({
      url: webhook.url,
      events: webhook.events,
      secret: webhook.secret,
      created_by: webhook.createdBy,
    })
    .returning(webhookColumns)
    .executeTakeFirstOrThrow();

/** Deletes or restores a webhook (deleted_at); undefined when there is none of that id. */
export const setDeleted = (db: Db, id: number, deleted: boolean) =>
  db
    .updateTable('webhooks')
    .set({ deleted_at: deleted ? new Date() : null })
    .where('id', '=', id)
    .returning(webhookColumns)
    .executeTakeFirst();

export const webhookById = (db: Db, id: number) =>
  db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();

export const deliveriesOf = (db: Db, webhookId: number) =>
  db
    .selectFrom('webhook_deliveries')
    .select([
      'id',
      'event',
      'status',
      'attempts',
      'last_status',
      'last_answer',
      'created_at',
      'delivered_at',
    ])
    .where('webhook_id', '=', webhookId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();

/** What a delivery tells of a change: whose, in words, by whom. */
interface ChangeTold {
  studentId: number | null;
  summary: string;
  actorId: number | null;
}

const personJson = (id: number | null) =>
  sql`(select json_build_object('id', p.id, 'name', ${sql.raw(fullNameText('p'))})
    from people p where p.id = ${id}::integer)`;

/**
 * One delivery row for every live webhook that asked for the event, its payload (the learner,
 * their current cohorts, the change in words, who made it) built in the same statement; their ids.
 */
export const insertDeliveries = (db: Db, event: string, change: ChangeTold) =>
  sql<{ id: number; webhook_id: number }>`
    insert into webhook_deliveries (webhook_id, event, payload)
    select w.id, ${event}, json_build_object(
      'event', ${event}::text,
      'at', ${sql.raw(isoTimestampText('now()'))},
      'learner', ${personJson(change.studentId)},
      'cohorts', coalesce((select json_agg(m.cohort_id order by m.cohort_id)
        from cohort_memberships m
        where m.person_id = ${change.studentId}::integer
          and ${sql.raw(isCurrentMembershipText('m'))}), '[]'::json),
      'summary', ${change.summary}::text,
      'actor', ${personJson(change.actorId)})::jsonb
    from webhooks w
    where w.deleted_at is null and ${event} = any(w.events)
    returning id, webhook_id`
    .execute(db)
    .then((result) => result.rows);

export const deliveryToSend = (db: Db, id: number) =>
  db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
    .select([
      'webhook_deliveries.id',
      'webhook_deliveries.event',
      'webhook_deliveries.payload',
      'webhook_deliveries.status',
      'webhooks.url',
      'webhooks.secret',
      'webhooks.deleted_at',
    ])
    .where('webhook_deliveries.id', '=', id)
    .executeTakeFirst();

export const recordAttempt = (
  db: Db,
  id: number,
  attempt: {
    status: 'pending' | 'delivered' | 'failed';
    httpStatus: number | null;
    answer: string;
  },
) =>
  db
    .updateTable('webhook_deliveries')
    .set((eb) => ({
      status: attempt.status,
      attempts: eb('attempts', '+', 1),
      last_status: attempt.httpStatus,
      last_answer: attempt.answer.slice(0, 500),
      delivered_at: attempt.status === 'delivered' ? new Date() : null,
    }))
    .where('id', '=', id)
    .execute();
