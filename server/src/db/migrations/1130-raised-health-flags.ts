import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// The learners whose "needs attention" (act_now) flag is up, as the last check of cohort health
// saw them (features/cohort-health/flag-rises.ts): a learner newly in it is a flag that rose,
// told once to the webhooks that asked for `flag.raised`. Read by no cached answer: not announced.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table raised_health_flags (
      student_id integer primary key references people on delete cascade,
      raised_at timestamptz not null default now()
    )`,
  ]);
}
