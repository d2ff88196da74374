import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// live_streams: the live board's open streams, a row each, so that the limit of streams per
// person holds across every server process on the database rather than in each. The process
// that holds a stream renews its row's expiry on every heartbeat and deletes the row when the
// stream ends; a process that died leaves rows that stop counting once they expire. Bookkeeping
// that no answer reads: not announced on the change feed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table live_streams (
      id bigint generated always as identity primary key,
      person_id integer not null references people on delete cascade,
      process_id text not null,
      expires_at timestamptz not null
    )`,
    'create index live_streams_person on live_streams (person_id)',
    'create index live_streams_process on live_streams (process_id)',
  ]);
}
