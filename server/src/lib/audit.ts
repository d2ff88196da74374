import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

const toJson = (value: unknown) =>
  value === undefined || value === null ? null : JSON.stringify(value);

/** Appends one row to the audit log, inside the caller's transaction. */
export async function audit(trx: Transaction<Database> | Kysely<Database>, entry: AuditEntry) {
  const row = await trx
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entity_id:
        entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      before: toJson(entry.before),
      after: toJson(entry.after),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const REDACTED = JSON.stringify({ redacted: true });

/**
 * Removes a deleted person's data from the history: rows about them (entity 'learner' or
 * 'person' with their id) and rows whose data names them as student or person. The facts of who
 * did what and when remain.
 */
export async function redactPersonHistory(trx: Transaction<Database>, personId: number) {
  const id = String(personId);
  const mentions = (column: 'before' | 'after') =>
    sql<boolean>`(${sql.ref(column)}->>'student_id' = ${id} or ${sql.ref(column)}->>'person_id' = ${id})`;
  const result = await trx
    .updateTable('audit_log')
    .set({ before: REDACTED, after: REDACTED })
    .where((eb) =>
      eb.or([
        eb.and([eb('entity', 'in', ['learner', 'person']), eb('entity_id', '=', id)]),
        mentions('before'),
        mentions('after'),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
