import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema.ts';

const jobColumns = [
  'id',
  'kind',
  'cohort_id',
  'learner_id',
  'status',
  'created_at',
  'started_at',
  'finished_at',
  'run_at',
] as const;

export const findJob = (db: Db, id: number) =>
  db.selectFrom('jobs').select(jobColumns).where('id', '=', id).executeTakeFirst();

export const lockJob = (trx: Transaction<Database>, id: number) =>
  trx.selectFrom('jobs').select(jobColumns).where('id', '=', id).forUpdate().executeTakeFirst();

export type JobRow = NonNullable<Awaited<ReturnType<typeof findJob>>>;

/** A cohort's latest jobs, newest first. */
export const cohortJobs = (db: Db, cohortId: number, limit: number) =>
  db
    .selectFrom('jobs')
    .select(jobColumns)
    .where('cohort_id', '=', cohortId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const stepsOf = (db: Db, jobIds: number[]) =>
  jobIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('job_steps')
        .select([
          'id',
          'job_id',
          'phase',
          'label',
          'status',
          'attempts',
          'error',
          'result',
          'run_at',
        ])
        .where('job_id', 'in', jobIds)
        .orderBy('job_id')
        .orderBy('position')
        .execute();

export const cohortExists = async (db: Db, id: number) =>
  !!(await db.selectFrom('cohorts').select('id').where('id', '=', id).executeTakeFirst());

/** Puts failed steps (one, or all) back to pending; the number put back. */
export async function resetFailedSteps(
  trx: Transaction<Database>,
  jobId: number,
  stepId: number | undefined,
) {
  let query = trx
    .updateTable('job_steps')
    .set({
      status: 'pending',
      attempts: 0,
      failures: 0,
      run_at: new Date(),
      locked_by: null,
      locked_until: null,
      error: null,
      finished_at: null,
      // Its steps check before they act on their next attempt: the failed one may have acted.
      result: sql<string>`coalesce(result, '{}'::jsonb) || '{"retried": true}'::jsonb`,
    })
    .where('job_id', '=', jobId)
    .where('status', '=', 'failed');
  if (stepId !== undefined) query = query.where('id', '=', stepId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Queues the job again, due now; the update announces it to the workers. */
export const requeue = (trx: Transaction<Database>, jobId: number) =>
  trx
    .updateTable('jobs')
    .set({ status: 'queued', run_at: new Date(), finished_at: null })
    .where('id', '=', jobId)
    .execute();
