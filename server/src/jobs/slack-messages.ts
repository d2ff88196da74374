import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { SlackClient } from '../integrations/slack.ts';
import { enqueue } from './queue.ts';
import { defineStep, type PlannedStep } from './steps.ts';

export const MESSAGES_PHASE = 'Sending Slack messages';

/** A message to a channel id, or to a member id (a direct message). */
export interface SlackMessage {
  channel: string;
  text: string;
  /** Who it is for, in the job's words ('Team 1 channel', 'Ada Lovelace'). */
  to: string;
}

/**
 * Sends one message, once: a later attempt first looks for it among the channel's latest
 * messages. A direct message (to a member id) cannot be looked up that way, so a crash between
 * Slack taking it and the step recording it may send it twice.
 */
export const slackMessageStep = defineStep<SlackMessage>({
  kind: 'slack-message',
  async run({ channel, text }, { app, repeated }) {
    const slack = new SlackClient(app.config.slack, { maxWaitMs: 0 });
    const direct = /^[UW]/.test(channel);
    if (repeated && !direct && (await slack.hasRecentMessage(channel, text)))
      return { summary: 'Sent' };
    await slack.sendMessage(channel, text);
    return { summary: 'Sent' };
  },
});

export const messageSteps = (messages: SlackMessage[]): PlannedStep[] =>
  messages.map((message) => ({
    kind: slackMessageStep.kind,
    phase: MESSAGES_PHASE,
    label: `Message to ${message.to}`,
    input: { ...message },
  }));

/**
 * Queues Slack messages as one job when Slack is configured (in the caller's transaction where
 * there is one, so the messages go exactly when the change commits); messages without a target
 * are left out. The job's id, or null when there is nothing to send.
 */
export async function queueSlackMessages(
  db: Kysely<Database> | Transaction<Database>,
  slackConfigured: boolean,
  job: { cohortId: number | null; learnerId?: number | null; createdBy: number | null },
  messages: Array<Omit<SlackMessage, 'channel'> & { channel: string | null }>,
): Promise<number | null> {
  const targeted = messages.flatMap((message) =>
    message.channel ? [{ ...message, channel: message.channel }] : [],
  );
  if (!slackConfigured || targeted.length === 0) return null;
  return enqueue(db, { kind: 'slack-messages', ...job, steps: messageSteps(targeted) });
}
