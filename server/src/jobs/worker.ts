import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/connection.ts';
import * as queue from './queue.ts';
import { failureMessage, retryDelay, type StepDefinition, StepFailure } from './steps.ts';

export const JOBS_CHANNEL = 'jobs';

/**
 * Works the durable queue in this server process: claims due jobs (up to `concurrency` at once)
 * and runs their pending steps in order. It wakes when a job is queued (the `jobs` notification
 * of any process), when a rescheduled job falls due, and every `pollMs` besides, which also finds
 * the jobs of a process that died (their lease ran out). Timers are unref'd: an idle worker
 * never keeps the process alive; `stop` lets the current steps end and hands their jobs back.
 */
export class JobWorker {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly steps: Map<string, StepDefinition<unknown>>;
  private stopped = true;
  private slots = 0;
  private dirty = false;
  private readonly running = new Set<Promise<void>>();
  private poll: NodeJS.Timeout | undefined;
  private due: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private claims = 0;

  constructor(
    private readonly app: FastifyInstance,
    definitions: StepDefinition<unknown>[],
  ) {
    this.steps = new Map(definitions.map((definition) => [definition.kind, definition]));
  }

  private get settings() {
    return this.app.config.jobs;
  }

  async start(listen: DatabaseHandle['listen'] | undefined) {
    if (this.settings.concurrency === 0) return;
    this.stopped = false;
    this.poll = setInterval(() => this.wake(), this.settings.pollMs).unref();
    this.unlisten = await listen?.(JOBS_CHANNEL, {
      notify: () => this.wake(),
      reset: () => this.wake(),
    });
    this.wake();
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.poll);
    clearTimeout(this.due);
    await this.unlisten?.();
    await Promise.all(this.running);
  }

  /** Looks for work now; called on every hint that there may be some. */
  wake() {
    if (this.stopped) return;
    this.dirty = true;
    while (this.slots < this.settings.concurrency) {
      this.slots += 1;
      const drain = this.drain()
        .catch((error: unknown) => this.app.log.error({ err: error }, 'Job worker failed'))
        .finally(() => {
          this.slots -= 1;
          this.running.delete(drain);
        });
      this.running.add(drain);
    }
  }

  private async drain() {
    while (!this.stopped) {
      this.dirty = false;
      // Each claim holds the job under a name of its own: a runner of this process that stalled
      // past its lease must not go on beside the one that resumed the job.
      this.claims += 1;
      const holder = `${this.id}#${this.claims}`;
      const job = await queue.claim(this.app.db, holder, this.settings.leaseMs);
      if (job) {
        await this.run(job, holder);
        continue;
      }
      if (!this.dirty) break;
    }
    await this.scheduleDue();
  }

  /** A wake-up when the earliest rescheduled job falls due. */
  private async scheduleDue() {
    if (this.stopped) return;
    const due = await queue.nextDue(this.app.db);
    clearTimeout(this.due);
    if (!due) return;
    const delay = Math.max(0, due.getTime() - Date.now()) + 1;
    if (delay < this.settings.pollMs) this.due = setTimeout(() => this.wake(), delay).unref();
  }

  /** Runs the job's pending steps in order, while it is this worker's to run. */
  private async run(job: queue.ClaimedJob, holder: string) {
    const { db } = this.app;
    let held = true;
    const heartbeat = setInterval(
      () => {
        void queue
          .renew(db, job.id, holder, this.settings.leaseMs)
          .then((kept) => {
            held &&= kept;
          })
          .catch(() => {});
      },
      Math.max(50, Math.floor(this.settings.leaseMs / 3)),
    ).unref();
    try {
      // Steps put back by a retry while the job ran are found by the next look.
      for (let steps = await queue.pendingSteps(db, job.id); steps.length > 0; ) {
        for (const step of steps) {
          if (this.stopped || !held) {
            await queue.release(db, job.id, holder, 0);
            return;
          }
          const attempt = await queue.startAttempt(db, step.id, job.id, holder);
          if (attempt === null) return;
          const outcome = await this.attempt(job, step, attempt);
          if (outcome !== 'done' && outcome !== 'failed') {
            await queue.release(db, job.id, holder, outcome.retryInMs);
            return;
          }
        }
        steps = await queue.pendingSteps(db, job.id);
      }
      await queue.finishJob(db, job.id, holder);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async attempt(
    job: queue.ClaimedJob,
    step: Awaited<ReturnType<typeof queue.pendingSteps>>[number],
    attempt: number,
  ): Promise<'done' | 'failed' | { retryInMs: number }> {
    const { db } = this.app;
    const definition = this.steps.get(step.kind);
    try {
      if (!definition) throw new StepFailure(`No step of kind '${step.kind}'`);
      let progress = step.result ?? {};
      const result = await definition.run(step.input, {
        app: this.app,
        jobId: job.id,
        actorId: job.created_by,
        attempt,
        repeated: attempt > 1 || progress.retried === true,
        progress,
        saveProgress: async (more) => {
          progress = { ...progress, ...more };
          await queue.saveProgress(db, step.id, progress);
        },
      });
      await queue.finishStep(db, step.id, { status: 'done', result });
      return 'done';
    } catch (error) {
      const message = failureMessage(error);
      const delay = retryDelay(error, attempt, this.settings);
      if (delay === null) {
        await queue.finishStep(db, step.id, { status: 'failed', error: message });
        return 'failed';
      }
      await queue.noteError(db, step.id, message);
      return { retryInMs: delay };
    }
  }
}
