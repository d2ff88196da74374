import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { PlannedStep, StepResult } from './steps.ts';

// The queue's statements. Every write of a claimed job names the process holding it
// (`locked_by`), so a process that lost its lease (it stalled, another resumed the job) changes
// nothing any more.

type Db = Kysely<Database> | Transaction<Database>;

export interface NewJob {
  kind: string;
  cohortId: number | null;
  learnerId?: number | null;
  createdBy: number | null;
  steps: PlannedStep[];
}

/**
 * Queues a job in the caller's transaction, or in one of its own: a worker must never see the job
 * before its steps (it would finish it with nothing to do). The insert announces it to every
 * worker once committed.
 */
export async function enqueue(db: Db, job: NewJob): Promise<number> {
  if (!db.isTransaction) return db.transaction().execute((trx) => enqueue(trx, job));
  const { id } = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      cohort_id: job.cohortId,
      learner_id: job.learnerId ?? null,
      created_by: job.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (job.steps.length > 0) {
    await db
      .insertInto('job_steps')
      .values(
        job.steps.map((step, position) => ({
          job_id: id,
          position,
          kind: step.kind,
          phase: step.phase,
          label: step.label,
          input: JSON.stringify(step.input),
        })),
      )
      .execute();
  }
  return id;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  created_by: number | null;
}

const lease = (leaseMs: number) => sql<Date>`now() + ${leaseMs} * interval '1 millisecond'`;

/**
 * Takes the next job that is due, or whose process stopped renewing its lease, for `worker`.
 * SKIP LOCKED lets several processes claim at once without waiting on each other's rows.
 */
export async function claim(db: Db, worker: string, leaseMs: number): Promise<ClaimedJob | null> {
  const result = await sql<ClaimedJob>`
    update jobs set status = 'running', locked_by = ${worker}, locked_until = ${lease(leaseMs)},
      started_at = coalesce(started_at, now())
    where id = (
      select id from jobs
      where (status = 'queued' and run_at <= now())
        or (status = 'running' and locked_until < now())
      order by run_at, id
      limit 1
      for update skip locked
    )
    returning id, kind, created_by`.execute(db);
  return result.rows[0] ?? null;
}

/** Extends the lease; false when the job is no longer this worker's. */
export async function renew(db: Db, jobId: number, worker: string, leaseMs: number) {
  const result = await db
    .updateTable('jobs')
    .set({ locked_until: lease(leaseMs) })
    .where('id', '=', jobId)
    .where('locked_by', '=', worker)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function pendingSteps(db: Db, jobId: number) {
  return db
    .selectFrom('job_steps')
    .select(['id', 'kind', 'input', 'attempts', 'result'])
    .where('job_id', '=', jobId)
    .where('status', '=', 'pending')
    .orderBy('position')
    .execute();
}

/**
 * Counts an attempt before it is made, so that the next one knows an earlier one may have acted
 * (even when this process dies in the middle). Null when the job is no longer this worker's.
 */
export async function startAttempt(db: Db, stepId: number, jobId: number, worker: string) {
  const row = await db
    .updateTable('job_steps')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), worked_by: worker }))
    .where('id', '=', stepId)
    .where('status', '=', 'pending')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('jobs')
          .select('id')
          .where('id', '=', jobId)
          .where('locked_by', '=', worker)
          .where('status', '=', 'running'),
      ),
    )
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? null;
}

export async function saveProgress(db: Db, stepId: number, progress: Record<string, unknown>) {
  await db
    .updateTable('job_steps')
    .set({ result: JSON.stringify(progress) })
    .where('id', '=', stepId)
    .execute();
}

export async function finishStep(
  db: Db,
  stepId: number,
  outcome: { status: 'done'; result: StepResult } | { status: 'failed'; error: string },
) {
  await db
    .updateTable('job_steps')
    .set(
      outcome.status === 'done'
        ? { status: 'done', result: JSON.stringify(outcome.result), error: null }
        : { status: 'failed', error: outcome.error },
    )
    .set({ finished_at: new Date() })
    .where('id', '=', stepId)
    .execute();
}

/** Keeps a step's latest error while it waits for its next attempt. */
export async function noteError(db: Db, stepId: number, error: string) {
  await db.updateTable('job_steps').set({ error }).where('id', '=', stepId).execute();
}

/** Hands the job back to the queue, due after `delayMs` (any process may take it then). */
export async function release(db: Db, jobId: number, worker: string, delayMs: number) {
  await db
    .updateTable('jobs')
    .set({
      status: 'queued',
      run_at: sql<Date>`now() + ${delayMs} * interval '1 millisecond'`,
      locked_by: null,
      locked_until: null,
    })
    .where('id', '=', jobId)
    .where('locked_by', '=', worker)
    .execute();
}

/** Ends the job once no step is pending: failed when a step failed. */
export async function finishJob(db: Db, jobId: number, worker: string) {
  await db
    .updateTable('jobs')
    .set((eb) => ({
      status: eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('job_steps')
              .select('id')
              .where('job_id', '=', jobId)
              .where('status', '=', 'failed'),
          ),
        )
        .then(sql.lit<'failed'>('failed'))
        .else(sql.lit<'done'>('done'))
        .end(),
      finished_at: new Date(),
      locked_by: null,
      locked_until: null,
    }))
    .where('id', '=', jobId)
    .where('locked_by', '=', worker)
    .execute();
}

/** The earliest time a queued job falls due, for the worker's next wake-up. */
export async function nextDue(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min('run_at').as('due'))
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return row?.due ?? null;
}
