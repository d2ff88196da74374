// One send of a digest: the Slack messages, then their result and its audit row.
import type { DigestDelivery } from '@lp/contract/digest';
import type { FastifyInstance } from 'fastify';
import type { SlackClient } from '../../integrations/slack.ts';
import { audit } from '../../lib/audit.ts';
import * as repo from './digest.repository.ts';

export type Coach = Awaited<ReturnType<typeof repo.coaches>>[number];

export const hasSlack = (coach: Coach) => Boolean(coach.slack_handle?.trim());

/** Sends the text to each coach with a Slack member ID; who got it and who did not. */
export async function deliver(
  app: FastifyInstance,
  slack: SlackClient,
  coaches: Coach[],
  text: string,
) {
  const reached: Coach[] = [];
  const refused: Coach[] = [];
  for (const coach of coaches.filter(hasSlack)) {
    let accepted = false;
    try {
      accepted = await slack.postMessage(coach.slack_handle, text);
    } catch (error) {
      app.log.warn({ err: error, coach: coach.id }, 'Slack digest message failed');
    }
    (accepted ? reached : refused).push(coach);
  }
  return { reached, refused };
}

/** Records a send's outcome with its audit row, in one transaction. */
export async function record(
  app: FastifyInstance,
  id: number,
  actorId: number | null,
  outcome: Awaited<ReturnType<typeof deliver>>,
) {
  const recipients = outcome.reached.length + outcome.refused.length;
  const delivered = outcome.reached.length;
  const result: DigestDelivery['result'] =
    delivered === 0 ? 'failed' : delivered < recipients ? 'partial' : 'sent';
  return app.db.transaction().execute(async (trx) => {
    const row = await repo.finish(trx, id, { result, recipients, delivered });
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
        delivered_to: outcome.reached.map((coach) => coach.id),
        refused_for: outcome.refused.map((coach) => coach.id),
      },
    });
    return { ...row, result, recipients, delivered };
  });
}
