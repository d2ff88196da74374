import { type Static, Type } from 'typebox';
import { Nullable, Timestamp } from './common.ts';
import { AtRiskLearner, ReviewQueueEntry } from './health.ts';

/*
 * A cohort's weekly digest: its at-risk learners with their reasons and its overdue reviews
 * (waiting HEALTH_REVIEW_WAIT_DAYS days or more), posted by Slack to the cohort's instructor
 * channel (`cohorts.slack_channel`), or, for a cohort without one, sent to each of its coaches
 * with a Slack member ID as a direct message. Staff only.
 *
 * GET  /cohorts/{id}/digest      → 200 CohortDigest; 400 bad id; 401 anonymous; 403 learners;
 *   404 unknown cohort
 * POST /cohorts/{id}/digest/send → 200 DigestSendResult; 409 Slack is not configured on the
 *   server, or the cohort has no instructor channel and no coach with a Slack member ID;
 *   502 Slack accepted it nowhere; 400, 401, 403, 404 as above
 *
 * The server also sends it on its own once a week (DIGEST_DAY at DIGEST_HOUR in America/Chicago)
 * for every active cohort whose dates include that day, the same way, when Slack is configured.
 */

export const DIGEST_DAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type DigestDay = (typeof DIGEST_DAYS)[number];

/** A coach of the cohort: without an instructor channel, the digest goes to those with Slack. */
export const DigestRecipient = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  has_slack: Type.Boolean(),
});
export type DigestRecipient = Static<typeof DigestRecipient>;

/**
 * One send of the digest: by the weekly schedule or by a staff member ('Send digest now').
 * - sent: the channel, or every coach with a Slack member ID, got it;
 * - partial: some coaches did, Slack refused the others;
 * - failed: nobody got it.
 */
export const DigestDelivery = Type.Object({
  sent_at: Timestamp,
  trigger: Type.Union([Type.Literal('schedule'), Type.Literal('manual')]),
  result: Type.Union([Type.Literal('sent'), Type.Literal('partial'), Type.Literal('failed')]),
  /**
   * The instructor channel it was posted to, as one message (delivered is then 1 or 0 of 1
   * recipient); null when it went to coaches as direct messages.
   */
  channel: Nullable(Type.String()),
  /** Messages Slack accepted … */
  delivered: Type.Integer(),
  /** … of those sent: one to the channel, or one to each coach with a Slack member ID. */
  recipients: Type.Integer(),
  /** Who sent it; null for the schedule. */
  sent_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type DigestDelivery = Static<typeof DigestDelivery>;

export const DigestSchedule = Type.Object({
  /** DIGEST_DAY */
  day: Type.String(),
  /** DIGEST_HOUR, 0–23 */
  hour: Type.Integer(),
  time_zone: Type.String(),
  /** The next weekly send; null when Slack is not configured or the cohort is not current. */
  next_send_at: Nullable(Timestamp),
});
export type DigestSchedule = Static<typeof DigestSchedule>;

export const CohortDigest = Type.Object({
  cohort: Type.Object({ id: Type.Integer(), name: Type.String() }),
  generated_at: Timestamp,
  /** Flagged learners, most flags first, then by name (as on the health page). */
  at_risk: Type.Array(AtRiskLearner),
  /** Self-assessments waiting for review `review_wait_days` days or more, oldest first. */
  overdue_reviews: Type.Array(ReviewQueueEntry),
  review_wait_days: Type.Integer(),
  /** The message as Slack receives it (mrkdwn). */
  text: Type.String(),
  slack_configured: Type.Boolean(),
  /**
   * The cohort's instructor Slack channel id, where the digest goes; null when the cohort has
   * none, and then it goes to `recipients` with a Slack member ID instead.
   */
  channel: Nullable(Type.String()),
  /** The cohort's coaches. */
  recipients: Type.Array(DigestRecipient),
  schedule: DigestSchedule,
  last_sent: Nullable(DigestDelivery),
});
export type CohortDigest = Static<typeof CohortDigest>;

/**
 * 'Send digest now' queues the send as a job: `job_id` follows it (GET /jobs/{id}); the cohort's
 * `last_sent` shows its result once the job has sent it.
 */
export const DigestSendResult = Type.Object({
  /** What was queued, in words: 'Digest queued for the instructor channel C0123'. */
  message: Type.String(),
  job_id: Type.Integer(),
});
export type DigestSendResult = Static<typeof DigestSendResult>;
