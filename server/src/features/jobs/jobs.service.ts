import type { Job, JobIntegrations, JobKind, JobRetryBody } from '@lp/contract/jobs';
import type { FastifyInstance } from 'fastify';
import { GithubClient } from '../../integrations/github.ts';
import { SlackClient } from '../../integrations/slack.ts';
import { audit } from '../../lib/audit.ts';
import { isoTimestamp } from '../../lib/dates.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import { assertAllowed } from '../../lib/policy.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { mayReadJob } from './jobs.policy.ts';
import * as repo from './jobs.repository.ts';

/** Jobs a cohort's list shows: the latest, enough for a term of team saves and migrations. */
const LIST_LIMIT = 50;

type StepRow = Awaited<ReturnType<typeof repo.stepsOf>>[number];

function jobOf(row: repo.JobRow, steps: StepRow[]): Job {
  const { started_at: started, finished_at: finished } = row;
  // A step that keeps its error while pending is waiting out an outage or a rate limit; each
  // step is scheduled on its own, so the job is tried again when the first of them is.
  const waiting = steps.filter((step) => step.status === 'pending' && step.error);
  const nextAttempt = waiting.reduce<Date | null>(
    (first, step) => (first === null || step.run_at < first ? step.run_at : first),
    null,
  );
  return {
    id: row.id,
    kind: row.kind as JobKind,
    cohort: row.cohort_id,
    status: row.status,
    created_at: isoTimestamp(row.created_at),
    started_at: started ? isoTimestamp(started) : null,
    finished_at: finished ? isoTimestamp(finished) : null,
    duration_ms: started && finished ? finished.getTime() - started.getTime() : null,
    next_attempt_at: nextAttempt ? isoTimestamp(nextAttempt) : null,
    steps: steps.map((step) => ({
      id: step.id,
      phase: step.phase,
      label: step.label,
      status: step.status,
      attempts: step.attempts,
      error: step.error,
      summary:
        step.status === 'done' && typeof step.result?.summary === 'string'
          ? step.result.summary
          : null,
    })),
  };
}

/** Whether Slack and GitHub's API are configured, for a jobs list that stays empty without them. */
export const integrations = (app: FastifyInstance): JobIntegrations => ({
  slack: new SlackClient(app.config.slack).configured,
  github: new GithubClient(app.config.github).apiConfigured,
});

export async function listJobs(app: FastifyInstance, cohortId: number): Promise<Job[]> {
  if (!(await repo.cohortExists(app.db, cohortId))) throw notFound('Cohort');
  const rows = await repo.cohortJobs(app.db, cohortId, LIST_LIMIT);
  const steps = await repo.stepsOf(
    app.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    jobOf(
      row,
      steps.filter((step) => step.job_id === row.id),
    ),
  );
}

export async function getJob(
  app: FastifyInstance,
  caller: SignedInPerson,
  jobId: number,
): Promise<Job> {
  const row = await repo.findJob(app.db, jobId);
  if (!row) throw notFound('Job');
  assertAllowed(mayReadJob(caller, row), 'Only staff and its learner may see this job');
  return jobOf(row, await repo.stepsOf(app.db, [row.id]));
}

/** Tries the job's failed steps (or one of them) again; 409 when there is none to retry. */
export async function retryJob(
  app: FastifyInstance,
  caller: SignedInPerson,
  jobId: number,
  body: JobRetryBody,
): Promise<Job> {
  await app.db.transaction().execute(async (trx) => {
    const job = await repo.lockJob(trx, jobId);
    if (!job) throw notFound('Job');
    const reset = await repo.resetFailedSteps(trx, job.id, body.step);
    if (reset === 0)
      throw conflict(
        body.step === undefined ? 'The job has no failed step' : 'body.step is not a failed step',
      );
    if (job.status === 'done' || job.status === 'failed') await repo.requeue(trx, job.id);
    await audit(trx, {
      actorId: caller.id,
      action: 'retry',
      entity: 'job',
      entityId: job.id,
      after: { steps: body.step ?? 'failed', count: reset },
    });
  });
  return getJob(app, caller, jobId);
}
