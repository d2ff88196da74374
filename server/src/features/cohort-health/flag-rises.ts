import type { FastifyInstance } from 'fastify';
import { lockName } from '../../lib/name-lock.ts';
import { queueWebhookEvent } from '../webhooks/index.ts';
import { cohortHealth } from './cohort-health.service.ts';
import * as repo from './flag-rises.repository.ts';

/*
 * The `flag.raised` webhook event: a learner newly flagged "needs attention" (act_now, the board's
 * marker). A flag rises through changes (a move, a self-assessment, a push, a rating) and through
 * days passing alone (inactive, waiting for review), and its level depends on other learners'
 * history too, so no one change can tell. Instead the health of every active cohort with members is
 * checked on a timer (FlagWatch, every 5 minutes in each server process) and compared with the
 * flags the last check saw up (raised_health_flags): a learner newly up is a rise, told once;
 * one no longer up is lowered, so a later rise is told again. The reports come from the kept
 * reads the health page uses, so an unchanged cohort costs no query.
 */

const CHECK_EVERY_MS = 5 * 60 * 1000;

/** Checks every cohort's health now; the learners whose flag rose (their deliveries queued). */
export async function noticeFlagRises(app: FastifyInstance): Promise<number[]> {
  const flagged = new Map<number, string[]>();
  for (const cohortId of await repo.cohortsWithMembers(app.db)) {
    const report = await cohortHealth(app, cohortId);
    for (const learner of report.at_risk)
      if (learner.level === 'act_now') flagged.set(learner.student_id, learner.reasons);
  }
  return app.db.transaction().execute(async (trx) => {
    // Checks in several processes take turns, so each rise is inserted, and told, once. (Two
    // checks run together read the same committed figures, so they agree on who is flagged.)
    await lockName(trx, 'health flags', 'check');
    const ids = [...flagged.keys()];
    await repo.lowerAllBut(trx, ids);
    const risen = await repo.raise(trx, ids);
    for (const studentId of risen)
      await queueWebhookEvent(trx, 'flag.raised', {
        studentId,
        summary: `needs attention: ${(flagged.get(studentId) ?? []).join('; ')}`,
        actorId: null,
      });
    return risen;
  });
}

/** noticeFlagRises on a timer that never keeps the process alive; stop() waits for a run. */
export class FlagWatch {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(private readonly app: FastifyInstance) {}

  /** The first check comes one period after the start: a start writes nothing at once. */
  start() {
    this.later();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private run() {
    if (this.stopped) return;
    this.running = noticeFlagRises(this.app)
      .catch((error: unknown) => this.app.log.warn({ err: error }, 'flag check failed'))
      .finally(() => this.later());
  }

  private later() {
    if (this.stopped) return;
    this.timer = setTimeout(() => this.run(), CHECK_EVERY_MS);
    this.timer.unref();
  }
}
