import type { Config } from '../config.ts';
import { fetchWithRetry, type HttpPolicy, OutsideError, rateLimitWait } from './http.ts';

/** Slack's refusal: its error code ('name_taken', 'ratelimited', …) as the message. */
export class SlackError extends OutsideError {}

/**
 * Slack Web API: the messages this product sends. Unconfigured (no token) sends nothing.
 * Every method is a POST that Slack does not promise to treat as a repeat (a second message, or
 * 'name_taken' for a channel made the first time), so only rate-limited calls are retried.
 */
export class SlackClient {
  constructor(
    private readonly config: Config['slack'],
    private readonly policy: HttpPolicy = {},
  ) {}

  get configured(): boolean {
    return Boolean(this.config.token);
  }

  /**
   * Posts a message to a channel id or a member id (a direct message); true when Slack accepted
   * it, false when unconfigured, without a target, or refused.
   */
  async postMessage(channel: string | null | undefined, text: string): Promise<boolean> {
    if (!this.configured || !channel) return false;
    return (await this.call('chat.postMessage', { channel, text })).ok;
  }

  /** Calls a Slack Web API method with a JSON body; Slack's answer, `ok: false` when it refused. */
  private async call(method: string, body: object): Promise<SlackAnswer> {
    const response = await fetchWithRetry(
      `${this.config.apiUrl}/${method}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.config.token}`,
          'content-type': 'application/json; charset=utf-8',
        },
        body: JSON.stringify(body),
      },
      this.policy,
    );
    const answer = (await response.json().catch(() => ({}))) as Partial<SlackAnswer>;
    const ok = response.ok && answer.ok === true;
    const wait = ok ? null : rateLimitWait(response, (this.policy.now ?? Date.now)());
    return { ...answer, ok, status: response.status, wait };
  }

  /** Calls a method and throws Slack's refusal as a SlackError (for durable jobs). */
  private async require(method: string, body: object): Promise<SlackAnswer> {
    if (!this.configured) throw new SlackError('Slack is not configured');
    const answer = await this.call(method, body);
    if (answer.ok) return answer;
    const status = answer.status >= 400 ? answer.status : 400;
    throw new SlackError(answer.error ?? `Slack refused ${method}`, status, answer.wait);
  }

  /** The id of the public channel named `name`, or null when there is none. */
  async findChannel(name: string): Promise<string | null> {
    let cursor = '';
    for (let page = 0; page < 50; page += 1) {
      const answer = await this.require('conversations.list', {
        types: 'public_channel',
        limit: 1000,
        ...(cursor ? { cursor } : {}),
      });
      const found = answer.channels?.find((channel) => channel.name === name);
      if (found?.id) return found.id;
      cursor = answer.response_metadata?.next_cursor ?? '';
      if (!cursor) return null;
    }
    return null;
  }

  /** Creates a public channel named `name`, or finds the one a previous attempt made. */
  async ensureChannel(name: string): Promise<string> {
    try {
      const answer = await this.require('conversations.create', { name });
      if (answer.channel?.id) return answer.channel.id;
    } catch (error) {
      if (!(error instanceof SlackError) || error.message !== 'name_taken') throw error;
    }
    const id = await this.findChannel(name);
    if (!id) throw new SlackError('name_taken', 400);
    return id;
  }

  /** Invites members to a channel; members already in it count as invited. */
  async ensureInvited(channel: string, users: string[]): Promise<void> {
    if (users.length === 0) return;
    try {
      await this.require('conversations.invite', { channel, users: users.join(',') });
    } catch (error) {
      if (!(error instanceof SlackError) || error.message !== 'already_in_channel') throw error;
    }
  }

  /** Archives a channel; a channel already archived counts as archived. */
  async ensureArchived(channel: string): Promise<void> {
    try {
      await this.require('conversations.archive', { channel });
    } catch (error) {
      if (!(error instanceof SlackError) || error.message !== 'already_archived') throw error;
    }
  }

  /** Whether one of the channel's latest messages has exactly this text. */
  async hasRecentMessage(channel: string, text: string): Promise<boolean> {
    const answer = await this.require('conversations.history', { channel, limit: 100 });
    return (answer.messages ?? []).some((message) => message.text === text);
  }

  /** Posts a message; throws Slack's refusal, so that a job can retry it. */
  async sendMessage(channel: string, text: string): Promise<void> {
    await this.require('chat.postMessage', { channel, text });
  }
}

interface SlackAnswer {
  ok: boolean;
  status: number;
  /** The wait a rate-limited answer named, else null. */
  wait: number | null;
  error?: string;
  channel?: { id?: string };
  channels?: { id?: string; name?: string }[];
  messages?: { text?: string }[];
  response_metadata?: { next_cursor?: string };
}
