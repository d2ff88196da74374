import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// The audit log stays append-only, with one exception: when a person is deleted permanently,
// the data their history rows hold may be replaced by a redaction marker. Who did what, to which
// entity and when stays.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create or replace function audit_log_append_only() returns trigger language plpgsql as $$
      declare
        redacted constant jsonb := '{"redacted": true}';
      begin
        if tg_op = 'DELETE' then
          raise exception 'audit_log is append-only';
        end if;
        if new.action is distinct from old.action or new.entity is distinct from old.entity
          or new.entity_id is distinct from old.entity_id or new.created_at is distinct from old.created_at
          or (new.before is distinct from old.before and new.before is distinct from redacted)
          or (new.after is distinct from old.after and new.after is distinct from redacted) then
          raise exception 'audit_log is append-only';
        end if;
        return new;
      end $$`,
  ]);
}
