import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// password_links: the one-time links on which a learner whom staff added sets their password
// (features/accounts). Only the SHA-256 of a link's secret is kept; a link works until
// expires_at, once (used_at), and a newer link for the same person replaces the older ones.
// Bookkeeping that no kept answer reads: not announced on the change feed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table password_links (
      id serial primary key,
      person_id integer not null references people on delete cascade,
      secret_hash text not null unique,
      created_by integer references people on delete set null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`,
    'create index password_links_person on password_links (person_id)',
  ]);
}
