import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, Db } from '../db/schema.ts';
import type { PlannedStep, StepResult } from './steps.ts';

// The queue's statements. The queue schedules steps: each pending step is claimed on its own,
// under a lease its holder renews, so the steps of a job run side by side and one that waits (a
// rate limit, an outage) holds up no other. Every write of a claimed step checks, in its own
// statement or transaction, that the claim still holds the step: a process that stalled past its
// lease (another took the step over) changes nothing any more.

export interface NewJob {
  kind: string;
  cohortId: number | null;
  learnerId?: number | null;
  createdBy: number | null;
  steps: PlannedStep[];
}

/** Thrown where a claim finds that the step is no longer its own. */
export class LostClaim extends Error {
  constructor() {
    super('Another claim holds this step now');
  }
}

/**
 * Queues a job in the caller's transaction, or in one of its own: a worker must never see the job
 * before its steps. The insert announces it to every worker once committed.
 */
export async function enqueue(db: Db, job: NewJob): Promise<number> {
  if (!db.isTransaction) return db.transaction().execute((trx) => enqueue(trx, job));
  const empty = job.steps.length === 0;
  const { id } = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      cohort_id: job.cohortId,
      learner_id: job.learnerId ?? null,
      created_by: job.createdBy,
      ...(empty ? { status: 'done', finished_at: new Date() } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!empty) {
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
          key: step.key ?? null,
          after: step.after ?? [],
        })),
      )
      .execute();
  }
  return id;
}

export interface ClaimedStep {
  id: number;
  job_id: number;
  kind: string;
  label: string;
  input: Record<string, unknown>;
  result: Record<string, unknown> | null;
  attempts: number;
  failures: number;
  after: string[];
  created_by: number | null;
}

const fromNow = (ms: number) => sql<Date>`now() + ${ms} * interval '1 millisecond'`;

/**
 * Takes the next pending step that is due (or whose claim stopped renewing its lease) and whose
 * `after` steps are settled, for `holder`, counting the attempt before it is made: the next one
 * knows an earlier one may have acted, even when this process dies in the middle. SKIP LOCKED
 * lets several processes claim at once without waiting on each other's rows.
 */
export async function claim(db: Kysely<Database>, holder: string, leaseMs: number) {
  return db.transaction().execute(async (trx) => {
    const claimed = await sql<Omit<ClaimedStep, 'created_by'>>`
      update job_steps set locked_by = ${holder}, locked_until = ${fromNow(leaseMs)},
        worked_by = ${holder}, attempts = attempts + 1
      where id = (
        select s.id from job_steps s
        where s.status = 'pending' and s.run_at <= now()
          and (s.locked_until is null or s.locked_until < now())
          and not exists (
            select 1 from job_steps d
            where d.job_id = s.job_id and d.key = any(s.after) and d.status = 'pending')
        order by s.run_at, s.job_id, s.position
        limit 1
        for update skip locked
      )
      returning id, job_id, kind, label, input, result, attempts, failures, after`.execute(trx);
    const step = claimed.rows[0];
    if (!step) return null;
    const job = await trx
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        started_at: eb.fn.coalesce('started_at', sql<Date>`now()`),
      }))
      .where('id', '=', step.job_id)
      .returning('created_by')
      .executeTakeFirstOrThrow();
    return { ...step, created_by: job.created_by } satisfies ClaimedStep;
  });
}

const held = (db: Db, stepId: number, holder: string) =>
  db
    .selectFrom('job_steps')
    .select('id')
    .where('id', '=', stepId)
    .where('locked_by', '=', holder)
    .where('status', '=', 'pending');

/** Throws LostClaim unless `holder` still holds the step: checked before each outside call. */
export async function assertHolds(db: Db, stepId: number, holder: string) {
  if (!(await held(db, stepId, holder).executeTakeFirst())) throw new LostClaim();
}

/**
 * Runs `work` in a transaction that commits only while `holder` holds the step: the step's row is
 * locked first, so no other process can take the step over until it commits.
 */
export async function fenced<T>(
  db: Kysely<Database>,
  stepId: number,
  holder: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (!(await held(trx, stepId, holder).forUpdate().executeTakeFirst())) throw new LostClaim();
    return work(trx);
  });
}

/** Extends the lease; false when the step is no longer this claim's. */
export async function renew(db: Db, stepId: number, holder: string, leaseMs: number) {
  const result = await db
    .updateTable('job_steps')
    .set({ locked_until: fromNow(leaseMs) })
    .where('id', '=', stepId)
    .where('locked_by', '=', holder)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The labels of the steps this one waits for that failed: it cannot be done then. */
export async function failedDependencies(db: Db, step: ClaimedStep) {
  if (step.after.length === 0) return [];
  const rows = await db
    .selectFrom('job_steps')
    .select('label')
    .where('job_id', '=', step.job_id)
    .where('key', 'in', step.after)
    .where('status', '=', 'failed')
    .execute();
  return rows.map((row) => row.label);
}

/**
 * Records part of the step as done: a later attempt does not do it again, and the next outside
 * call of the step starts with a budget of its own (the failures are counted from 0 again).
 */
export async function saveProgress(
  db: Db,
  stepId: number,
  holder: string,
  progress: Record<string, unknown>,
) {
  const result = await db
    .updateTable('job_steps')
    .set({ result: JSON.stringify(progress), failures: 0 })
    .where('id', '=', stepId)
    .where('locked_by', '=', holder)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new LostClaim();
}

/** Ends the step (in a fenced transaction), and its job once no step of it is pending. */
export async function finishStep(
  trx: Transaction<Database>,
  step: ClaimedStep,
  outcome: { status: 'done'; result: StepResult } | { status: 'failed'; error: string },
) {
  await trx
    .updateTable('job_steps')
    .set(
      outcome.status === 'done'
        ? { status: 'done', result: JSON.stringify(outcome.result), error: null }
        : { status: 'failed', error: outcome.error },
    )
    .set({ finished_at: new Date(), locked_by: null, locked_until: null })
    .where('id', '=', step.id)
    .execute();
  // The job's row is locked first, so two steps ending at once cannot both see the other pending.
  await trx.selectFrom('jobs').select('id').where('id', '=', step.job_id).forUpdate().execute();
  await sql`
    update jobs set finished_at = now(),
      status = case when exists (
        select 1 from job_steps where job_id = ${step.job_id} and status = 'failed')
        then 'failed' else 'done' end
    where id = ${step.job_id}
      and not exists (
        select 1 from job_steps where job_id = ${step.job_id} and status = 'pending')`.execute(trx);
}

/**
 * Hands the step back to the queue (in a fenced transaction), due after `delayMs` (any process
 * may take it then), keeping its latest error; `failed` counts the attempt against its budget.
 */
export async function release(
  trx: Transaction<Database>,
  stepId: number,
  retry: { delayMs: number; error: string; failed: boolean },
) {
  await trx
    .updateTable('job_steps')
    .set((eb) => ({
      run_at: fromNow(retry.delayMs),
      locked_by: null,
      locked_until: null,
      error: retry.error,
      failures: retry.failed ? eb('failures', '+', 1) : eb.ref('failures'),
    }))
    .where('id', '=', stepId)
    .execute();
}

/** The earliest time a waiting step falls due, for the worker's next wake-up. */
export async function nextDue(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('job_steps')
    .select((eb) => eb.fn.min('run_at').as('due'))
    .where('status', '=', 'pending')
    .where('locked_by', 'is', null)
    .executeTakeFirst();
  return row?.due ?? null;
}
