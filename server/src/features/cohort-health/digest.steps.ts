// The digest's Slack messages, as the step of a durable job (server/src/jobs): queued by
// 'Send digest now' and by the weekly schedule, with the text and the target chosen then.
import type { FastifyInstance } from 'fastify';
import { SlackClient } from '../../integrations/slack.ts';
import { sendOnce } from '../../jobs/slack-messages.ts';
import { defineStep, type PlannedStep, retryDelay, StepFailure } from '../../jobs/steps.ts';
import { type Coach, type Outcome, record, type Target } from './digest.delivery.ts';
import * as repo from './digest.repository.ts';

export const DIGEST_JOB = 'cohort-digest';

interface DigestInput {
  digestId: number;
  text: string;
  target: Target;
}

export function digestStep(digestId: number, text: string, target: Target): PlannedStep {
  return {
    kind: cohortDigestStep.kind,
    phase: 'Sending the digest',
    label:
      'channel' in target
        ? `Digest to the instructor channel ${target.channel}`
        : `Digest to ${target.coaches.length === 1 ? '1 coach' : `${target.coaches.length} coaches`}`,
    input: { digestId, text, target } satisfies DigestInput,
  };
}

/** Whether the queue would try the step again after `error`, or the error ends it now. */
const isFinal = (app: FastifyInstance, error: unknown, attempt: number) =>
  retryDelay(error, attempt, app.config.jobs) === null;

const coachCount = (n: number) => `${n} ${n === 1 ? 'coach' : 'coaches'}`;

/**
 * Sends the digest once and writes the result on its cohort_digests row with the audit row.
 * A later attempt looks for each message before it sends it again (`sendOnce`): the channel post
 * among the channel's latest, a coach's direct message in their conversation by its metadata; the
 * coaches Slack took it for are also recorded one by one (saveProgress).
 * A rate limit or an outage is thrown for the queue to retry; a refusal, or the last attempt's
 * failure, is recorded as the result ('failed' when it reached nobody, which fails the step too).
 */
export const cohortDigestStep = defineStep<DigestInput>({
  kind: 'cohort-digest',
  async run(
    { digestId, text, target },
    { app, jobId, actorId, attempt, repeated, progress, saveProgress, transaction },
  ) {
    const current = await repo.findDigest(app.db, digestId);
    if (!current || current.job_id !== jobId)
      throw new StepFailure('A later send of this digest replaced this one');
    const slack = new SlackClient(app.config.slack, { maxWaitMs: 0 });

    if ('channel' in target) {
      const { channel } = target;
      const outcome = (delivered: number): Outcome => ({
        channel,
        reached: [],
        refused: [],
        recipients: 1,
        delivered,
      });
      try {
        await sendOnce(slack, { jobId, channel, text, repeated });
      } catch (error) {
        if (isFinal(app, error, attempt)) await record(transaction, digestId, actorId, outcome(0));
        throw error;
      }
      await record(transaction, digestId, actorId, outcome(1));
      return { summary: `Posted to ${channel}` };
    }

    const reachedIds = new Set(Array.isArray(progress.reached) ? progress.reached : []);
    const reached: Coach[] = target.coaches.filter((coach) => reachedIds.has(coach.id));
    const refused: Coach[] = [];
    for (const coach of target.coaches) {
      if (reachedIds.has(coach.id) || !coach.slack_handle) continue;
      try {
        await sendOnce(slack, { jobId, channel: coach.slack_handle, text, repeated });
      } catch (error) {
        // A refusal for one coach does not hold up the others; a rate limit waits for all.
        if (!isFinal(app, error, attempt)) throw error;
        refused.push(coach);
        continue;
      }
      reached.push(coach);
      reachedIds.add(coach.id);
      await saveProgress({ reached: [...reachedIds] });
    }
    const recipients = target.coaches.length;
    await record(transaction, digestId, actorId, {
      channel: null,
      reached,
      refused,
      recipients,
      delivered: reached.length,
    });
    if (reached.length === 0)
      throw new StepFailure('Slack did not accept the digest for any coach');
    const refusedFor =
      refused.length > 0
        ? ` (Slack did not accept it for ${refused.map((coach) => coach.name).join(', ')})`
        : '';
    return {
      summary:
        reached.length === recipients
          ? `Sent to ${coachCount(recipients)}`
          : `Sent to ${reached.length} of ${coachCount(recipients)}${refusedFor}`,
    };
  },
});
