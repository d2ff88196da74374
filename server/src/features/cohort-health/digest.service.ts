import type { CohortDigest, DigestDelivery, DigestSendResult } from '@lp/contract/digest';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { SlackClient } from '../../integrations/slack.ts';
import { enqueue } from '../../jobs/queue.ts';
import { audit } from '../../lib/audit.ts';
import { DISPLAY_TIME_ZONE, isoTimestamp } from '../../lib/dates.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { findCohort, lockCohort } from '../cohorts/index.ts';
// The digest is the health read's at-risk list and review queue, put in a message: it reads
// them through the health feature's one entry rather than a second copy of the pace model.
import { cohortHealth } from './cohort-health.service.ts';
import { type Coach, channelOf, hasSlack, type Target, targetOf } from './digest.delivery.ts';
import { digestText, latestSlot, nextSlot } from './digest.model.ts';
import * as repo from './digest.repository.ts';
import { DIGEST_JOB, digestStep } from './digest.steps.ts';

const coachCount = (n: number) => `${n} ${n === 1 ? 'coach' : 'coaches'}`;

/**
 * A second 'Send digest now' within this many seconds of a send that reached someone is refused:
 * a double click, or a click again after the "queued" answer, comes within seconds; a deliberate
 * second send (after fixing the text's data) a minute later goes out.
 */
const RESEND_AFTER_SECONDS = 60;

/** The digest of a cohort as it would go out now; 404 for an unknown cohort. */
async function contentOf(app: FastifyInstance, cohortId: number) {
  const health = await cohortHealth(app, cohortId);
  const reviewWaitDays = app.config.health.reviewWaitDays;
  const overdueReviews = health.review_queue.filter(
    (entry) => entry.waiting_days >= reviewWaitDays,
  );
  const text = digestText({
    cohortName: health.cohort.name,
    atRisk: health.at_risk,
    overdueReviews,
    reviewWaitDays,
    healthUrl: `${app.config.clientUrl}/cohorts/${health.cohort.id}/health`,
  });
  return { health, overdueReviews, reviewWaitDays, text };
}

function deliveryOf(row: Awaited<ReturnType<typeof repo.lastDelivery>>): DigestDelivery | null {
  if (!row?.sent_at || row.result === 'sending') return null;
  return {
    sent_at: isoTimestamp(row.sent_at),
    trigger: row.trigger,
    result: row.result,
    channel: row.channel,
    delivered: row.delivered,
    recipients: row.recipients,
    sent_by:
      row.sent_by === null ? null : { id: row.sent_by, name: row.sent_by_name ?? 'Removed user' },
  };
}

/** Whether the weekly schedule sends this cohort's digest in the week of `week`. */
const isCurrentOn = (cohort: NonNullable<Awaited<ReturnType<typeof findCohort>>>, week: string) =>
  cohort.active && cohort.start_date <= week && cohort.end_date >= week;

export async function cohortDigest(
  app: FastifyInstance,
  cohortId: number,
  now = new Date(),
): Promise<CohortDigest> {
  const cohort = await findCohort(app.db, cohortId);
  if (!cohort) throw notFound('Cohort');
  const [content, coaches, last] = await Promise.all([
    contentOf(app, cohortId),
    repo.coaches(app.db, cohortId),
    repo.lastDelivery(app.db, cohortId),
  ]);
  const slackConfigured = new SlackClient(app.config.slack).configured;
  const { day, hour } = app.config.digest;
  const next = nextSlot(now, day, hour);
  return {
    cohort: content.health.cohort,
    generated_at: content.health.generated_at,
    at_risk: content.health.at_risk,
    overdue_reviews: content.overdueReviews,
    review_wait_days: content.reviewWaitDays,
    text: content.text,
    slack_configured: slackConfigured,
    channel: channelOf(cohort),
    recipients: coaches.map((coach) => ({
      id: coach.id,
      name: coach.name,
      has_slack: hasSlack(coach),
    })),
    schedule: {
      day,
      hour,
      time_zone: DISPLAY_TIME_ZONE,
      next_send_at:
        slackConfigured && isCurrentOn(cohort, next.week) ? isoTimestamp(next.at) : null,
    },
    last_sent: deliveryOf(last),
  };
}

/** The sentence a staff member reads after 'Send digest now'. */
function queuedMessage(target: Target, withoutSlack: Coach[]) {
  if ('channel' in target) return `Digest queued for the instructor channel ${target.channel}`;
  const note =
    withoutSlack.length > 0
      ? ` (no Slack member ID for ${withoutSlack.map((coach) => coach.name).join(', ')})`
      : '';
  return `Digest queued for ${coachCount(target.coaches.length)}${note}`;
}

/**
 * Queues the send of a digest row as a job, in the transaction that made the row: the row
 * names its job, and the job's step writes the row's result.
 */
async function queueSend(
  trx: Transaction<Database>,
  digest: { id: number; cohortId: number; actorId: number | null },
  text: string,
  target: Target,
) {
  const jobId = await enqueue(trx, {
    kind: DIGEST_JOB,
    cohortId: digest.cohortId,
    createdBy: digest.actorId,
    steps: [digestStep(digest.id, text, target)],
  });
  await repo.setJob(trx, digest.id, jobId);
  return jobId;
}

/**
 * 'Send digest now': to the instructor channel or the coaches (targetOf), queued as a job and
 * answered at once with it; the refusals that no retry can change are answered here (409).
 */
export async function sendDigestNow(
  app: FastifyInstance,
  caller: SignedInPerson,
  cohortId: number,
): Promise<DigestSendResult> {
  const cohort = await findCohort(app.db, cohortId);
  if (!cohort) throw notFound('Cohort');
  if (!new SlackClient(app.config.slack).configured)
    throw conflict('Slack is not configured on this server, so the digest cannot be sent.');
  const coaches = await repo.coaches(app.db, cohortId);
  const target = targetOf(channelOf(cohort), coaches);
  if (!target)
    throw conflict(
      `${cohort.name} has no instructor Slack channel and no coach with a Slack member ID, so nobody can receive the digest.`,
    );

  const { text } = await contentOf(app, cohortId);
  const jobId = await app.db.transaction().execute(async (trx) => {
    // Holds the cohort's row until the transaction ends: one 'Send digest now' decides at a time.
    if (!(await lockCohort(trx, cohortId))) throw notFound('Cohort');
    await assertNoSendUnderWay(trx, cohort.name, cohortId);
    const id = await repo.startManual(trx, cohortId, caller.id);
    const queued = await queueSend(trx, { id, cohortId, actorId: caller.id }, text, target);
    await audit(trx, {
      actorId: caller.id,
      action: 'queue',
      entity: 'cohort_digest',
      entityId: id,
      after: { cohort_id: cohortId, trigger: 'manual', job_id: queued },
    });
    return queued;
  });
  return {
    message: queuedMessage(
      target,
      coaches.filter((coach) => !hasSlack(coach)),
    ),
    job_id: jobId,
  };
}

/**
 * 409 while a send of the cohort (by hand or by the schedule) is queued or running, or when one
 * reached someone in the last minute: sending again would post the same digest twice. A send that
 * reached nobody may be tried again at once.
 */
async function assertNoSendUnderWay(trx: Transaction<Database>, name: string, cohortId: number) {
  const send = await repo.sendInFlightOrRecent(trx, cohortId, RESEND_AFTER_SECONDS);
  if (!send) return;
  if (send.result === 'sending')
    throw conflict(`A digest for ${name} is already being sent; its progress is on the Jobs page.`);
  throw conflict(`A digest for ${name} was sent less than a minute ago, so it was not sent again.`);
}

/**
 * One cohort's scheduled send of a week, unless another process claimed it: the claim and its
 * job are one transaction, so exactly one job per cohort and week is queued. True when queued.
 */
async function queueScheduled(
  app: FastifyInstance,
  cohort: { id: number; slack_channel: string },
  week: string,
) {
  const cohortId = cohort.id;
  const target = targetOf(channelOf(cohort), await repo.coaches(app.db, cohortId));
  if (!target) return false;
  const { text } = await contentOf(app, cohortId);
  return app.db.transaction().execute(async (trx) => {
    const id = await repo.claimWeek(trx, cohortId, week);
    if (id === undefined) return false;
    await queueSend(trx, { id, cohortId, actorId: null }, text, target);
    return true;
  });
}

/**
 * The weekly run: every current cohort whose digest of the week due at `now` has not gone out
 * yet, each claimed first so that of several server processes only one queues it. Cohorts with
 * nowhere to send it (no instructor channel, no coach with a Slack member ID) are left unclaimed:
 * one may be set later in the week. One cohort's failure does not stop the others. Answers the
 * cohorts whose send it queued.
 */
export async function sendWeeklyDigests(app: FastifyInstance, now: Date): Promise<number[]> {
  if (!new SlackClient(app.config.slack).configured) return [];
  const { week } = latestSlot(now, app.config.digest.day, app.config.digest.hour);
  const queued: number[] = [];
  for (const cohort of await repo.dueCohorts(app.db, week)) {
    try {
      if (await queueScheduled(app, cohort, week)) queued.push(cohort.id);
    } catch (error) {
      app.log.warn({ err: error, cohort: cohort.id, week }, 'weekly digest failed');
    }
  }
  return queued;
}
