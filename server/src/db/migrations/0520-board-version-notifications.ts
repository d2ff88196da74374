import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// Every bump of a board's version counter is also announced: NOTIFY board_versions with the
// cohort ids (0 = the catalogue), delivered to every listening connection when the transaction
// commits. Each server process keeps the versions in memory and answers If-None-Match from them,
// asking the database only after it heard of a change. PostgreSQL folds identical notifications
// of one transaction into one. The channel's name is BOARD_VERSIONS_CHANNEL
// (features/board/board-versions.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create or replace function board_bump(cohort_ids integer[]) returns void language sql as $$
      insert into board_versions (cohort_id, version)
      select distinct id, 1 from unnest(cohort_ids) as id where id is not null order by 1
      on conflict (cohort_id) do update set version = board_versions.version + 1;
      select pg_notify('board_versions', string_agg(distinct id::text, ','))
      from unnest(cohort_ids) as id where id is not null
      having count(*) > 0;
    $$`,
  ]);
}
