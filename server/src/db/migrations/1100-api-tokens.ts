import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// API tokens: staff members' named, scoped keys for scripts (features/api-tokens). Only the
// SHA-256 of a token is kept. Announced on the change feed, so that a revocation reaches every
// process's remembered token checks at once. Each use is a row of api_token_uses: bookkeeping
// that no cached answer reads, so not announced.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table api_tokens (
      id integer generated always as identity primary key,
      person_id integer not null references people on delete cascade,
      name text not null,
      scope text not null check (scope in ('read', 'write')),
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`,
    'create index api_tokens_person on api_tokens (person_id)',
    `create table api_token_uses (
      id bigint generated always as identity primary key,
      token_id integer not null references api_tokens on delete cascade,
      used_at timestamptz not null default now(),
      method text not null,
      path text not null,
      status integer not null
    )`,
    'create index api_token_uses_token on api_token_uses (token_id, used_at desc)',
    `create trigger api_tokens_changes after insert or update or delete or truncate
      on api_tokens for each statement execute function announce_table_change()`,
  ]);
}
