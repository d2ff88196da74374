import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
        this.calls.push(request.url?.slice(1) ?? '');
        const scripted = this.nextAnswers.shift();
        if (scripted) {
          response.writeHead(scripted.status, {
            ...scripted.headers,
            'content-type': 'application/json',
          });
          response.end(JSON.stringify(scripted.body ?? { ok: false, error: 'ratelimited' }));
          return;
        }
        let answer: unknown = { ok: false, error: 'unknown_method' };
        if (request.url === '/chat.postMessage') {
          if (!this.failing) {
            this.messages.push({
              channel: body.channel,
              text: body.text,
              authorization: request.headers.authorization,
            });
          }
          answer = this.failing ? { ok: false, error: 'channel_not_found' } : { ok: true };
        }
        if (request.url === '/conversations.create') {
          const id = `CT${this.channels.length + 1}`;
          if (!this.failing) this.channels.push({ id, name: body.name });
          answer = this.failing
            ? { ok: false, error: 'name_taken' }
            : { ok: true, channel: { id } };
        }
        if (request.url === '/conversations.invite') {
          if (!this.failing) this.invites.push({ channel: body.channel, users: body.users });
          answer = { ok: !this.failing };
        }
        if (request.url === '/conversations.archive') {
          if (!this.failing) this.archived.push(body.channel);
          answer = { ok: !this.failing };
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
