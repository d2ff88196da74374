import type { Config } from '../config.ts';
import { fetchWithRetry, type HttpPolicy, OutsideError, rateLimitWait } from './http.ts';
import { slackErrorSentence } from './slack-errors.ts';

/** Slack's refusal: its error code ('name_taken', 'ratelimited', …), the message in words. */
export class SlackError extends OutsideError {
  constructor(
    readonly code: string,
    status: number | null = null,
    waitMs: number | null = null,
  ) {
    super(slackErrorSentence(code), status, waitMs);
  }
}

/** Where Slack is and how long a call waits for its answer (10 s unless configured). */
export type SlackSettings = Pick<Config['slack'], 'apiUrl' | 'token'> &
  Partial<Pick<Config['slack'], 'timeoutMs'>>;

/** Methods Slack does not take JSON bodies for. */
const READ_METHODS = new Set(['conversations.list', 'conversations.history']);

/** The `event_type` of the metadata our messages carry: the key of the job step that sent it. */
const MESSAGE_EVENT = 'learning_platform_message';

/**
 * Slack Web API: the messages this product sends. Unconfigured (no token) sends nothing.
 * Every method is a POST that Slack does not promise to treat as a repeat (a second message, or
 * 'name_taken' for a channel made the first time), so only rate-limited calls are retried.
 */
export class SlackClient {
  constructor(
    private readonly config: SlackSettings,
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

  /**
   * Calls a Slack Web API method; Slack's answer, `ok: false` when it refused. Slack reads JSON
   * bodies only for its write methods: the reads (conversations.list, .history) are sent as form
   * fields.
   */
  private async call(method: string, body: Record<string, unknown>): Promise<SlackAnswer> {
    const form = READ_METHODS.has(method);
    const response = await fetchWithRetry(
      `${this.config.apiUrl}/${method}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.config.token}`,
          'content-type': form
            ? 'application/x-www-form-urlencoded'
            : 'application/json; charset=utf-8',
        },
        body: form
          ? new URLSearchParams(Object.entries(body).map(([key, value]) => [key, String(value)]))
          : JSON.stringify(body),
      },
      { timeoutMs: this.config.timeoutMs, ...this.policy },
    );
    const answer = (await response.json().catch(() => ({}))) as Partial<SlackAnswer>;
    const ok = response.ok && answer.ok === true;
    const wait = ok ? null : rateLimitWait(response, (this.policy.now ?? Date.now)());
    return { ...answer, ok, status: response.status, wait };
  }

  /** Calls a method and throws Slack's refusal as a SlackError (for durable jobs). */
  private async require(method: string, body: Record<string, unknown>): Promise<SlackAnswer> {
    if (!this.configured) throw new SlackError('not_configured');
    const answer = await this.call(method, body);
    if (answer.ok) return answer;
    const status = answer.status >= 400 ? answer.status : 400;
    const code = answer.error ?? (status >= 500 ? 'service_unavailable' : 'unknown_error');
    throw new SlackError(code, status, answer.wait);
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
      if (!(error instanceof SlackError) || error.code !== 'name_taken') throw error;
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
      if (!(error instanceof SlackError) || error.code !== 'already_in_channel') throw error;
    }
  }

  /** Archives a channel; a channel already archived counts as archived. */
  async ensureArchived(channel: string): Promise<void> {
    try {
      await this.require('conversations.archive', { channel });
    } catch (error) {
      if (!(error instanceof SlackError) || error.code !== 'already_archived') throw error;
    }
  }

  /** Whether one of the channel's latest messages has exactly this text. */
  async hasRecentMessage(channel: string, text: string): Promise<boolean> {
    const answer = await this.require('conversations.history', { channel, limit: 100 });
    return (answer.messages ?? []).some((message) => message.text === text);
  }

  /**
   * Posts a message; throws Slack's refusal, so that a job can retry it. A `key` goes with it as
   * message metadata, so that a later attempt can find it (`hasMessageWithKey`).
   */
  async sendMessage(channel: string, text: string, key?: string): Promise<void> {
    const metadata = key ? { event_type: MESSAGE_EVENT, event_payload: { key } } : undefined;
    await this.require('chat.postMessage', { channel, text, ...(metadata ? { metadata } : {}) });
  }

  /** The id of the direct-message conversation with a member (opened if need be). */
  async openDirect(user: string): Promise<string> {
    const answer = await this.require('conversations.open', { users: user });
    if (!answer.channel?.id) throw new SlackError('no_conversation', 502);
    return answer.channel.id;
  }

  /** Whether one of the conversation's latest messages carries `key` in its metadata. */
  async hasMessageWithKey(conversation: string, key: string): Promise<boolean> {
    const answer = await this.require('conversations.history', {
      channel: conversation,
      limit: 100,
      include_all_metadata: true,
    });
    return (answer.messages ?? []).some(
      (message) =>
        message.metadata?.event_type === MESSAGE_EVENT &&
        message.metadata.event_payload?.key === key,
    );
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
  messages?: {
    text?: string;
    metadata?: { event_type?: string; event_payload?: { key?: unknown } };
  }[];
  response_metadata?: { next_cursor?: string };
}
