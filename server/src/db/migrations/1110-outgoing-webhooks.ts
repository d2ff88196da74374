import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// Outgoing webhooks (features/webhooks): the URLs staff registered, with the events each asks
// for and the secret its deliveries are signed with (kept as it is: it signs every delivery),
// and one row per delivery with how it went. Read by no cached answer: not announced.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table webhooks (
      id integer generated always as identity primary key,
      url text not null,
      events text[] not null,
      secret text not null,
      created_by integer references people on delete set null,
      created_at timestamptz not null default now(),
      deleted_at timestamptz
    )`,
    `create table webhook_deliveries (
      id bigint generated always as identity primary key,
      webhook_id integer not null references webhooks on delete cascade,
      event text not null,
      payload jsonb not null,
      status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
      attempts integer not null default 0,
      last_status integer,
      last_answer text,
      created_at timestamptz not null default now(),
      delivered_at timestamptz
    )`,
    'create index webhook_deliveries_webhook on webhook_deliveries (webhook_id, id desc)',
  ]);
}
