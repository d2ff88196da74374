// One send of a digest: where it goes, then its result and its audit row (the Slack messages
// are the job step's, digest.steps.ts).
import type { DigestDelivery } from '@lp/contract/digest';
import type { StepContext } from '../../jobs/steps.ts';
import { audit } from '../../lib/audit.ts';
import * as repo from './digest.repository.ts';

export type Coach = Awaited<ReturnType<typeof repo.coaches>>[number];

export const hasSlack = (coach: Coach) => Boolean(coach.slack_handle?.trim());

/** The cohort's instructor Slack channel id, or null when it has none. */
export const channelOf = (cohort: { slack_channel: string }) => cohort.slack_channel.trim() || null;

/** Where a digest goes: one message to a channel, or one to each coach with a Slack member ID. */
export type Target = { channel: string } | { coaches: Coach[] };

/**
 * The cohort's instructor channel when it has one, else its coaches with a Slack member ID; null
 * when it has neither. The channel is where its instructors already are, and staff have no way
 * to set their own member ID, so it is what reaches them. Coaches are sent direct messages only
 * without a channel: doing both would tell the same people twice.
 */
export function targetOf(channel: string | null, coaches: Coach[]): Target | null {
  if (channel) return { channel };
  const withSlack = coaches.filter(hasSlack);
  return withSlack.length > 0 ? { coaches: withSlack } : null;
}

export interface Outcome {
  /** The channel posted to; null for direct messages. */
  channel: string | null;
  /** Coaches Slack accepted a direct message for, and refused it for (none for a channel). */
  reached: Coach[];
  refused: Coach[];
  recipients: number;
  delivered: number;
}

/** Records a send's outcome with its audit row, in one transaction. */
export async function record(
  transaction: StepContext['transaction'],
  id: number,
  actorId: number | null,
  outcome: Outcome,
) {
  const { channel, recipients, delivered } = outcome;
  const result: DigestDelivery['result'] =
    delivered === 0 ? 'failed' : delivered < recipients ? 'partial' : 'sent';
  return transaction(async (trx) => {
    const row = await repo.finish(trx, id, { result, channel, recipients, delivered });
    await audit(trx, {
      actorId,
      action: 'send',
      entity: 'cohort_digest',
      entityId: row.id,
      after: {
        cohort_id: row.cohort_id,
        trigger: row.trigger,
        week_of: row.week_of,
        result,
        channel,
        delivered_to: outcome.reached.map((coach) => coach.id),
        refused_for: outcome.refused.map((coach) => coach.id),
      },
    });
    return { ...row, result, channel, recipients, delivered };
  });
}
