import type { Config } from '../config.ts';
import { fetchWithRetry, type HttpPolicy } from './http.ts';

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
    return { ...answer, ok: response.ok && answer.ok === true };
  }

  /** Creates a public channel; its id, or throws with Slack's reason (e.g. 'name_taken'). */
  async createChannel(name: string): Promise<string> {
    if (!this.configured) throw new Error('Slack is not configured');
    const answer = await this.call('conversations.create', { name });
    if (!answer.ok || !answer.channel?.id) throw new Error(answer.error ?? 'Slack refused');
    return answer.channel.id;
  }

  /** Invites members (Slack member ids) to a channel; true when Slack accepted. */
  async inviteToChannel(channel: string, users: string[]): Promise<boolean> {
    if (!this.configured || !channel || users.length === 0) return false;
    return (await this.call('conversations.invite', { channel, users: users.join(',') })).ok;
  }

  /** Archives a channel; true when Slack accepted. */
  async archiveChannel(channel: string): Promise<boolean> {
    if (!this.configured || !channel) return false;
    return (await this.call('conversations.archive', { channel })).ok;
  }
}

interface SlackAnswer {
  ok: boolean;
  error?: string;
  channel?: { id?: string };
}
