import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/connection.ts';
import { outsideCallGuard } from '../integrations/http.ts';
import * as queue from './queue.ts';
import {
  failureMessage,
  isRateLimit,
  retryDelay,
  type StepContext,
  type StepDefinition,
  StepFailure,
} from './steps.ts';

export const JOBS_CHANNEL = 'jobs';

/**
 * Works the durable queue in this server process: claims due steps (up to `concurrency` at once)
 * and runs them. It wakes when a job is queued (the `jobs` notification of any process), when a
 * rescheduled step falls due, and every `pollMs` besides, which also finds the steps of a process
 * that died (their lease ran out) and those whose `after` steps another process finished. Timers
 * are unref'd: an idle worker never keeps the process alive; `stop` lets the current steps end.
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
      // Each claim holds its step under a name of its own: a runner of this process that stalled
      // past its lease must not go on beside the one that took the step over.
      this.claims += 1;
      const holder = `${this.id}#${this.claims}`;
      const step = await queue.claim(this.app.db, holder, this.settings.leaseMs);
      if (step) {
        await this.run(step, holder);
        continue;
      }
      if (!this.dirty) break;
    }
    await this.scheduleDue();
  }

  /** A wake-up when the earliest rescheduled step falls due. */
  private async scheduleDue() {
    if (this.stopped) return;
    const due = await queue.nextDue(this.app.db);
    clearTimeout(this.due);
    if (!due) return;
    const delay = Math.max(0, due.getTime() - Date.now()) + 1;
    if (delay < this.settings.pollMs) this.due = setTimeout(() => this.wake(), delay).unref();
  }

  /** Runs one attempt of the step while its lease is renewed; a lost claim ends it quietly. */
  private async run(step: queue.ClaimedStep, holder: string) {
    const heartbeat = setInterval(
      () => void queue.renew(this.app.db, step.id, holder, this.settings.leaseMs).catch(() => {}),
      Math.max(50, Math.floor(this.settings.leaseMs / 3)),
    ).unref();
    try {
      await this.attempt(step, holder);
    } catch (error) {
      if (!(error instanceof queue.LostClaim)) throw error;
      this.app.log.warn({ step: step.id }, 'A job step was taken over by another claim');
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async attempt(step: queue.ClaimedStep, holder: string) {
    const { db } = this.app;
    const definition = this.steps.get(step.kind);
    const transaction: StepContext['transaction'] = (work) =>
      queue.fenced(db, step.id, holder, work);
    const attempt = step.failures + 1;
    try {
      if (!definition) throw new StepFailure(`No step of kind '${step.kind}'`);
      const failed = await queue.failedDependencies(db, step);
      if (failed.length > 0) throw new StepFailure(`Needs ${failed.join(', ')}, which failed`);
      let progress = step.result ?? {};
      const context: StepContext = {
        app: this.app,
        jobId: step.job_id,
        actorId: step.created_by,
        attempt,
        repeated: step.attempts > 1 || progress.retried === true,
        progress,
        saveProgress: async (more) => {
          progress = { ...progress, ...more };
          await queue.saveProgress(db, step.id, holder, progress);
        },
        transaction,
      };
      // Every outside call of the step first checks that this process still holds it.
      const result = await outsideCallGuard.run(
        () => queue.assertHolds(db, step.id, holder),
        () => definition.run(step.input, context),
      );
      await transaction((trx) => queue.finishStep(trx, step, { status: 'done', result }));
    } catch (error) {
      if (error instanceof queue.LostClaim) throw error;
      const message = failureMessage(error);
      const delayMs = retryDelay(error, attempt, this.settings);
      await transaction((trx) =>
        delayMs === null
          ? queue.finishStep(trx, step, { status: 'failed', error: message })
          : queue.release(trx, step.id, { delayMs, error: message, failed: !isRateLimit(error) }),
      );
    }
  }
}
