import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/schema.ts';

/**
 * Returns a fingerprint of everything stored: per table, its row count and the md5 of its rows. Two
 * equal fingerprints mean nothing was added, removed or changed in between. The count of failed
 * sign-ins is left out: a refused password is meant to be counted (features/auth/sign-in-failures).
 */
export async function fingerprinter(db: Kysely<Database>) {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
      and table_name <> 'sign_in_failures' order by table_name`.execute(db);
  const parts = tables.rows.map(
    ({ name }) =>
      sql`(select ${name} || ':' || count(*) || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') from ${sql.table(name)} t)`,
  );
  const query = sql<{
    fingerprint: string;
  }>`select concat_ws('|', ${sql.join(parts)}) as fingerprint`;
  return async () => (await query.execute(db)).rows[0]?.fingerprint ?? '';
}
