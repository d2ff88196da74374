import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// The live board (features/live).
//
// board_changes: what changed on a card, who did it, written by the change's own transaction
// (lib/board-changes.ts). A row gets its `position` (the stream's event id) and the cohort's
// board version when its transaction commits, by a deferred trigger that holds one advisory lock
// until the commit is done: positions are handed out in commit order, so a stream that resumes
// after position p never misses a change committed later with a smaller number. The same
// trigger announces the row on the `board_changes` channel (JSON, well under NOTIFY's 8000
// bytes: summaries and names are cut short on insert) and keeps only the latest
// BOARD_CHANGES_KEPT rows: older gaps are answered with `resync`.
//
// live_tickets: single-use stream tickets (only their hash), in the database so that a ticket
// issued by one server process can be redeemed on any other, exactly once.

/** How many changes are kept for Last-Event-ID replay (across all cohorts). */
export const BOARD_CHANGES_KEPT = 10_000;
/** The advisory lock (one key) that orders the commits of board changes. */
const COMMIT_ORDER_LOCK = 7_000_013;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    'create sequence board_change_positions',
    `create table board_changes (
      id bigint generated always as identity primary key,
      position bigint unique,
      cohort_id integer not null,
      student_id integer,
      kind text not null,
      summary text not null,
      actor_id integer,
      actor_name text,
      version bigint,
      created_at timestamptz not null default now()
    )`,
    'create index board_changes_cohort_position on board_changes (cohort_id, position)',
    `create function board_change_committed() returns trigger language plpgsql as $$
      declare
        change board_changes;
      begin
        perform pg_advisory_xact_lock(${COMMIT_ORDER_LOCK});
        update board_changes
          set position = nextval('board_change_positions'),
              version = coalesce((select v.version from board_versions v
                                  where v.cohort_id = new.cohort_id), 0)
          where id = new.id
          returning * into change;
        perform pg_notify('board_changes', json_build_object(
          'id', change.position::text,
          'cohort', change.cohort_id,
          'version', change.version::text,
          'student_id', change.student_id,
          'kind', change.kind,
          'summary', change.summary,
          'actor', case when change.actor_id is null then null
                   else json_build_object('id', change.actor_id, 'name', coalesce(change.actor_name, '')) end,
          'at', to_char(change.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        )::text);
        delete from board_changes where position <= change.position - ${BOARD_CHANGES_KEPT};
        return null;
      end $$`,
    `create constraint trigger board_changes_committed after insert on board_changes
      deferrable initially deferred for each row execute function board_change_committed()`,
    `create table live_tickets (
      ticket_hash text primary key,
      person_id integer not null references people (id) on delete cascade,
      token_id integer not null references tokens (id) on delete cascade,
      cohort_id integer not null references cohorts (id) on delete cascade,
      expires_at timestamptz not null
    )`,
    'create index live_tickets_expiry on live_tickets (expires_at)',
  ]);
}
