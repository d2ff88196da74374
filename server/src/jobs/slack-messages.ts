import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { OutsideError } from '../integrations/http.ts';
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

/** A member id ('U…', 'W…'): the message goes to the member's direct conversation. */
const isMember = (channel: string) => /^[UW]/.test(channel);

/**
 * What a job's message carries in its metadata, the same on every attempt: the job, and the
 * target and text, which tell a job's messages apart.
 */
export function messageKey(jobId: number, channel: string, text: string): string {
  const what = createHash('sha256').update(`${channel}\n${text}`).digest('hex').slice(0, 16);
  return `job-${jobId}-${what}`;
}

/**
 * Posts a job's message once. A repeated attempt (the earlier one may have been taken by Slack
 * before it crashed, or before Slack's answer came too late) first looks for it: among a
 * channel's latest messages by its text, among the latest of a member's direct conversation by
 * the key in its metadata. 'found' when an earlier attempt had sent it.
 */
export async function sendOnce(
  slack: SlackClient,
  message: { jobId: number; channel: string; text: string; repeated: boolean },
): Promise<'sent' | 'found'> {
  const { jobId, channel, text, repeated } = message;
  const key = messageKey(jobId, channel, text);
  if (repeated && (await alreadySent(slack, channel, text, key))) return 'found';
  await slack.sendMessage(channel, text, key);
  return 'sent';
}

async function alreadySent(slack: SlackClient, channel: string, text: string, key: string) {
  if (!isMember(channel)) return slack.hasRecentMessage(channel, text);
  try {
    return await slack.hasMessageWithKey(await slack.openDirect(channel), key);
  } catch (error) {
    // A bot without the scopes to read its direct messages (missing_scope) still sends them,
    // unchecked, rather than never: only an outage or a rate limit waits for the next attempt.
    if (error instanceof OutsideError && !error.transient) return false;
    throw error;
  }
}

/** Sends one message, once (`sendOnce`). */
export const slackMessageStep = defineStep<SlackMessage>({
  kind: 'slack-message',
  async run({ channel, text }, { app, jobId, repeated }) {
    const slack = new SlackClient(app.config.slack, { maxWaitMs: 0 });
    await sendOnce(slack, { jobId, channel, text, repeated });
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
