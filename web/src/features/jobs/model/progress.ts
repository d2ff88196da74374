import type { Job, JobStep } from '@lp/contract/jobs';

export const hasEnded = (job: Pick<Job, 'status'>) =>
  job.status === 'done' || job.status === 'failed';

export interface JobProgress {
  /** 0–100: the share of steps that ran (done or failed). */
  percent: number;
  /** 'Creating repositories: 3 of 8' while under way; what came of it once ended. */
  words: string;
  succeeded: JobStep[];
  failed: JobStep[];
}

/**
 * Where a job is, in words: the phase of its next step and how many of that phase's steps ran.
 * A job whose steps all ran says how many failed.
 */
export function progressOf(job: Job): JobProgress {
  const ran = (step: JobStep) => step.status !== 'pending';
  const succeeded = job.steps.filter((step) => step.status === 'done');
  const failed = job.steps.filter((step) => step.status === 'failed');
  const total = job.steps.length;
  const percent = total === 0 ? 100 : Math.round((job.steps.filter(ran).length / total) * 100);
  const next = job.steps.find((step) => !ran(step));
  if (next && !hasEnded(job)) {
    const phase = job.steps.filter((step) => step.phase === next.phase);
    // A step whose attempt failed waits to be tried again (a rate limit, an outage): say why.
    const waiting = next.error ? ` (trying ${next.label} again: ${next.error})` : '';
    const words = `${next.phase}: ${phase.filter(ran).length} of ${phase.length}${waiting}`;
    return { percent, words, succeeded, failed };
  }
  const words =
    failed.length === 0
      ? `All done: ${total} of ${total} steps succeeded`
      : `${failed.length} of ${total} steps failed`;
  return { percent, words, succeeded, failed };
}

/**
 * The step a job under way waits on after a failed attempt (an outage, a rate limit: its error
 * says which), or null when it is not waiting.
 */
export const waitingStep = (job: Job): JobStep | null =>
  hasEnded(job)
    ? null
    : (job.steps.find((step) => step.status === 'pending' && step.error) ?? null);

/** '1.2 s', '3 min 5 s'; '' for a job that has not ended. */
export function durationText(ms: number | null): string {
  if (ms === null) return '';
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
