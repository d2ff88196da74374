import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/schema.ts';

/**
 * Returns a fingerprint of everything stored: per table, its row count and the newest
 * transaction that wrote one of its rows (xmin). Every committed insert, update or delete
 * changes it; reads and rolled-back writes do not. Cheap enough to take around every batch.
 */
export async function fingerprinter(db: Kysely<Database>, except: string[] = []) {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
    db,
  );
  const parts = tables.rows
    .filter(({ name }) => !except.includes(name))
    .map(
      ({ name }) =>
        sql`(select ${name} || ':' || count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from ${sql.table(name)})`,
    );
  const query = sql<{
    fingerprint: string;
  }>`select concat_ws('|', ${sql.join(parts)}) as fingerprint`;
  return async () => (await query.execute(db)).rows[0]?.fingerprint ?? '';
}
