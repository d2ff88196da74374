import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Chaos, drawChaos } from './fake-chaos.ts';
import type { ScriptedAnswer } from './fake-github.ts';

export interface SlackMessage {
  channel: string;
  text: string;
  authorization: string | undefined;
}

/** A local stand-in for the Slack Web API methods we call; records what it received. */
export class FakeSlack {
  readonly messages: SlackMessage[] = [];
  /** Channels made by conversations.create, invitations and archived channel ids (teams). */
  readonly channels: { id: string; name: string }[] = [];
  readonly invites: { channel: string; users: string }[] = [];
  readonly archived: string[] = [];
  /** Set to make every call fail the way Slack does (HTTP 200, ok: false). */
  failing = false;
  /** The method of every call received, answered or not ('chat.postMessage', …). */
  readonly calls: string[] = [];
  /** Answers for the next calls, in order, whatever they ask. */
  readonly nextAnswers: ScriptedAnswer[] = [];
  /** Slowness, outages and rate limits drawn at random (fake-chaos.ts). */
  chaos: Chaos | null = null;
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, string>;
        this.calls.push(request.url?.slice(1) ?? '');
        const draw = await drawChaos(this.chaos);
        const scripted =
          this.nextAnswers.shift() ??
          (draw === 'fail' ? { status: 500, body: { ok: false, error: 'fatal_error' } } : null) ??
          (draw === 'rate-limit' ? { status: 429, headers: { 'retry-after': '1' } } : null);
        if (scripted) {
          response.writeHead(scripted.status, {
            ...scripted.headers,
            'content-type': 'application/json',
          });
          response.end(JSON.stringify(scripted.body ?? { ok: false, error: 'ratelimited' }));
          return;
        }
        const answer = this.answer(request.url ?? '', body, request.headers.authorization);
        const lost = draw === 'lose-answer';
        response.writeHead(lost ? 502 : 200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(lost ? { ok: false, error: 'bad_gateway' } : answer));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  // Slack's JSON bodies as this product sends them: every field a string.
  private answer(url: string, fields: Record<string, string>, authorization: string | undefined) {
    const body = { channel: '', text: '', name: '', users: '', ...fields };
    let answer: unknown = { ok: false, error: 'unknown_method' };
    if (url === '/chat.postMessage') {
      if (!this.failing) {
        this.messages.push({
          channel: body.channel,
          text: body.text,
          authorization,
        });
      }
      answer = this.failing ? { ok: false, error: 'channel_not_found' } : { ok: true };
    }
    if (url === '/conversations.create') {
      const id = `CT${this.channels.length + 1}`;
      const taken = this.channels.some((channel) => channel.name === body.name);
      if (!this.failing && !taken) this.channels.push({ id, name: body.name ?? '' });
      answer =
        this.failing || taken ? { ok: false, error: 'name_taken' } : { ok: true, channel: { id } };
    }
    if (url === '/conversations.list') {
      answer = { ok: true, channels: this.channels, response_metadata: { next_cursor: '' } };
    }
    if (url === '/conversations.history') {
      const messages = this.messages.filter((message) => message.channel === body.channel);
      answer = { ok: true, messages: messages.map(({ text }) => ({ text })).reverse() };
    }
    if (url === '/conversations.invite') {
      if (!this.failing) this.invites.push({ channel: body.channel, users: body.users });
      answer = { ok: !this.failing };
    }
    if (url === '/conversations.archive') {
      if (!this.failing) this.archived.push(body.channel);
      answer = { ok: !this.failing };
    }
    return answer;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
