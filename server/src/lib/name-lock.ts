import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Serialises transactions that would create or rename to the same name, where there is no row
 * to lock yet: a lock on (scope, name) held until the transaction ends. Take it before checking
 * whether the name is taken, so the check and the write see the same world.
 */
export async function lockName(trx: Transaction<Database>, scope: string, name: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${scope}), hashtext(${name.trim().toLowerCase()}))`.execute(
    trx,
  );
}
