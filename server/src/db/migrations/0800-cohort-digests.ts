import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// The weekly cohort digest (features/health/digest.*): one row per send, by the schedule or by a staff
// member. A scheduled send names its week (the day it was due, in the display zone); the
// unique (cohort, week) pair is the claim that lets one server process, and only one, send a
// cohort's digest of a week: the others' inserts conflict and do nothing. A row is written as
// 'sending' before Slack is called and gets its result afterwards, so a process that died in
// between leaves a claim another may take over once it is stale (digest.repository.ts). A send
// records the instructor channel it went to (null when it went to coaches as direct messages).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table cohort_digests (
      id serial primary key,
      cohort_id integer not null references cohorts (id) on delete cascade,
      trigger text not null check (trigger in ('schedule', 'manual')),
      week_of date,
      sent_by integer references people (id) on delete set null,
      claimed_at timestamptz not null default now(),
      sent_at timestamptz,
      result text not null default 'sending'
        check (result in ('sending', 'sent', 'partial', 'failed')),
      recipients integer not null default 0,
      delivered integer not null default 0,
      channel text,
      check ((trigger = 'schedule') = (week_of is not null)),
      unique (cohort_id, week_of)
    )`,
    `create index cohort_digests_latest on cohort_digests (cohort_id, sent_at desc)
      where sent_at is not null`,
  ]);
}
