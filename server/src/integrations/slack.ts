import type { Config } from '../config.ts';
import { fetchWithRetry } from './http.ts';

/** Slack Web API: the messages this product sends. Unconfigured (no token) sends nothing. */
export class SlackClient {
  constructor(private readonly config: Config['slack']) {}

  get configured(): boolean {
    return Boolean(this.config.token);
  }

  /**
   * Posts a message to a channel id or a member id (a direct message); true when Slack accepted
   * it, false when unconfigured, without a target, or refused.
   */
  async postMessage(channel: string | null | undefined, text: string): Promise<boolean> {
    if (!this.configured || !channel) return false;
    const response = await fetchWithRetry(`${this.config.apiUrl}/chat.postMessage`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.config.token}`,
        'content-type': 'application/json; charset=utf-8',
      },
      body: JSON.stringify({ channel, text }),
    });
    const body = (await response.json().catch(() => ({}))) as { ok?: boolean };
    return response.ok && body.ok === true;
  }
}
