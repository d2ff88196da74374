import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// A digest goes to the cohort's instructor Slack channel when it has one: a send records that
// channel (null when it went to coaches as direct messages), so its last send can say where.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ['alter table cohort_digests add column channel text']);
}
