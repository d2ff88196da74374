// What Slack hears about a learner's self-assessment. The messages are queued as a job in the
// transaction of the change (server/src/jobs/slack-messages.ts), so they go once it committed and
// a Slack outage never undoes the change.
import { ASSESSMENT_STATUS } from '@lp/contract/constants';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { SlackClient } from '../../../integrations/slack.ts';
import { queueSlackMessages, type SlackMessage } from '../../../jobs/slack-messages.ts';

export interface Learner {
  id: number;
  name: string;
  slack_handle: string | null;
  cohort_id: number | null;
  cohort_name: string | null;
  cohort_channel: string | null;
}

type Message = Omit<SlackMessage, 'channel'> & { channel: string | null };

/** The direct message of a new self-assessment repository (sent by the repository's step). */
export const repositoryMessage = (url: string) =>
  `🐙 Your self-assessment repository has been created. Visit the URL below and clone the project to your machine.\n\n${url}`;

export const startedMessage = (learner: Learner, assessment: string): Message => ({
  channel: learner.cohort_channel,
  to: `the channel of ${learner.cohort_name ?? 'the cohort'}`,
  text: `📝 ${learner.name} has started the self-assessment for ${assessment}.`,
});

function statusMessages(
  app: FastifyInstance,
  learner: Learner,
  assessment: { status_id: number; assessment_name: string; url: string },
): Message[] {
  const toLearner = (text: string): Message => ({
    channel: learner.slack_handle,
    to: learner.name,
    text,
  });
  if (assessment.status_id === ASSESSMENT_STATUS.readyForReview) {
    return [
      toLearner(
        "🎉 Congratulations! You've completed your self-assessment. Your coaching team will review your work and provide feedback soon.",
      ),
      {
        channel: learner.cohort_channel,
        to: `the channel of ${learner.cohort_name ?? 'the cohort'}`,
        text: `${learner.name} in ${learner.cohort_name ?? 'no cohort'} has completed their self-assessment for ${assessment.assessment_name}.\n\nReview it at ${assessment.url}`,
      },
    ];
  }
  if (assessment.status_id === ASSESSMENT_STATUS.reviewedComplete) {
    return [
      toLearner(
        `:fox-yay-woo-hoo: Self-Assessment Review Complete\n\n:white_check_mark: Your coaching team just marked ${assessment.assessment_name} as completed.\n\nVisit ${app.config.clientUrl} to view your latest messages and statuses.`,
      ),
    ];
  }
  return [];
}

/** Queues what Slack hears of a status change, in the change's transaction. */
export function queueStatusMessages(
  app: FastifyInstance,
  trx: Transaction<Database>,
  actorId: number,
  learner: Learner,
  assessment: { status_id: number; assessment_name: string; url: string },
) {
  return queueSlackMessages(
    trx,
    new SlackClient(app.config.slack).configured,
    { cohortId: learner.cohort_id, learnerId: learner.id, createdBy: actorId },
    statusMessages(app, learner, assessment),
  );
}
