import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// Secrets the server makes for itself, by name, kept in the database so that every process (and
// a restart) signs with the same one: the key of the sign-in device cookies
// (features/auth/device-cookies.ts). Made on first need; bookkeeping no answer reads, so no
// change feed trigger.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table server_secrets (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    )`,
  ]);
}
