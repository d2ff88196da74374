import type { Kysely } from 'kysely';
import { runStatements } from './run-statements.ts';

// A cohort digest is sent by a durable job (features/health/digest.steps.ts): its row names the
// job, queued in the same transaction as the row, so a claim whose job is still queued or
// retrying is never taken over, and the job's step writes the row's result.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table cohort_digests add column job_id integer references jobs (id) on delete set null`,
  ]);
}
