import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// Each statement that changes an announced table also notes the table's name in its transaction
// (the transaction-local setting lp.changed_tables, ",a,b,"), so that the process committing it
// reads, just before its COMMIT, which tables its write changed, triggers and cascades included,
// instead of waiting to hear its own notifications. The announcement names the transaction after
// the table ("table xid"), so that the process knows its own when they arrive.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create or replace function announce_table_change() returns trigger language plpgsql as $$
      declare
        changed text := coalesce(nullif(current_setting('lp.changed_tables', true), ''), ',');
      begin
        perform pg_notify('table_changes', tg_table_name || ' ' || pg_current_xact_id());
        if position(',' || tg_table_name || ',' in changed) = 0 then
          perform set_config('lp.changed_tables', changed || tg_table_name || ',', true);
        end if;
        return null;
      end $$`,
  ]);
}
