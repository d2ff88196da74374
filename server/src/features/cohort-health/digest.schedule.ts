import type { FastifyInstance } from 'fastify';
import { SlackClient } from '../../integrations/slack.ts';
import { nextSlot } from './digest.model.ts';
import { sendWeeklyDigests } from './digest.service.ts';

/** The longest the schedule sleeps before it looks again (a changed clock, a missed timer). */
const MAX_SLEEP_MS = 60 * 60 * 1000;

/**
 * The weekly digest in one server process: on start it queues what is due this week and was not
 * sent (the server may have been down at the time), then sleeps until the next send time. The
 * database decides which process queues a cohort's digest (sendWeeklyDigests claims it), so every
 * process runs one; the job queue sends it. Off without Slack. Its timer never keeps the process alive.
 */
export class DigestSchedule {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly now: () => Date = () => new Date(),
  ) {}

  start() {
    if (!new SlackClient(this.app.config.slack).configured) return;
    this.run();
  }

  /** Queues the digests due now; the cohorts it queued. */
  tick(): Promise<number[]> {
    return sendWeeklyDigests(this.app, this.now());
  }

  /** Ends the schedule once a run under way has finished. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private run() {
    if (this.stopped) return;
    this.running = this.tick()
      .catch((error: unknown) => this.app.log.warn({ err: error }, 'weekly digest run failed'))
      .finally(() => this.sleep());
  }

  private sleep() {
    if (this.stopped) return;
    const now = this.now();
    const { day, hour } = this.app.config.digest;
    const wait = nextSlot(now, day, hour).at.getTime() - now.getTime();
    this.timer = setTimeout(() => this.run(), Math.min(Math.max(wait, 1000), MAX_SLEEP_MS));
    this.timer.unref();
  }
}
