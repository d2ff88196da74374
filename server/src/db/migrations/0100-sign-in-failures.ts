import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// Failed password sign-ins, counted per account and per address. Kept in the database so every
// server process (and a restart) sees the same count.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table sign_in_failures (
      id bigint generated always as identity primary key,
      key text not null,
      failed_at timestamptz not null default now()
    )`,
    'create index sign_in_failures_key_time on sign_in_failures (key, failed_at)',
  ]);
}
