import type { Kysely, Transaction } from 'kysely';
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
