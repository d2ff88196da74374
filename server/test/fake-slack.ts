import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Chaos, drawChaos } from './fake-chaos.ts';
import type { ScriptedAnswer } from './fake-github.ts';
import type { HeldAnswer } from './held-answer.ts';

export interface SlackMessage {
  /** As the product sent it: a channel id, or a member id for a direct message. */
  channel: string;
  text: string;
  authorization: string | undefined;
  /** Slack's message metadata (`event_type`, `event_payload`), when the message carried it. */
  metadata?: unknown;
}

/** Methods Slack reads form fields or a query for, never a JSON body. */
const READS = new Set(['conversations.list', 'conversations.history']);

/** How an answer is lost after Slack carried out the call: held back, or a gateway's error. */
export type LostAnswer = { holdMs: number } | { status: number };

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
  /** While set, every call is answered with it and nothing is done (an outage, a long limit). */
  outage: ScriptedAnswer | null = null;
  /** How many of the next messages are answered with a server error, not posted. */
  failPosts = 0;
  /** The next call matching it ('POST /chat.postMessage') is carried out, its answer held. */
  hold: HeldAnswer | null = null;
  /** Calls of a method to carry out and then answer late or badly, in order (`loseAnswer`). */
  private readonly lostAnswers: { method: string; how: LostAnswer }[] = [];
  /** Answers held back now: `stop` waits for them, as the server does for open requests. */
  private readonly held = new Set<Promise<void>>();
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        const raw = Buffer.concat(chunks).toString();
        // Slack's reads come as form fields, its writes as JSON (as the product sends them).
        const form = request.headers['content-type']?.startsWith(
          'application/x-www-form-urlencoded',
        );
        const body = (
          form ? Object.fromEntries(new URLSearchParams(raw)) : JSON.parse(raw || '{}')
        ) as Fields;
        const method = request.url?.slice(1) ?? '';
        this.calls.push(method);
        const draw = await drawChaos(this.chaos);
        const failPost = request.url === '/chat.postMessage' && this.failPosts > 0;
        if (failPost) this.failPosts -= 1;
        const scripted =
          this.outage ??
          this.nextAnswers.shift() ??
          (failPost ? { status: 500, body: { ok: false, error: 'fatal_error' } } : null) ??
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
        // Like Slack, the reads take no JSON body.
        const jsonRead = !form && READS.has(method);
        const answer = jsonRead
          ? { ok: false, error: 'invalid_arguments' }
          : this.answer(request.url ?? '', body, request.headers.authorization);
        const lostAt = this.lostAnswers.findIndex((lost) => lost.method === method);
        const how = lostAt >= 0 ? this.lostAnswers.splice(lostAt, 1)[0]?.how : undefined;
        if (how && 'holdMs' in how) {
          const hold = new Promise<void>((resolve) => setTimeout(resolve, how.holdMs));
          this.held.add(hold);
          await hold;
          this.held.delete(hold);
        }
        if (how && 'status' in how) {
          response.writeHead(how.status, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ ok: false, error: 'bad_gateway' }));
          return;
        }
        const hold = this.hold;
        if (hold?.takes(`POST ${request.url}`)) {
          this.hold = null;
          await hold.released;
        }
        const lost = draw === 'lose-answer';
        response.writeHead(lost ? 502 : 200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(lost ? { ok: false, error: 'bad_gateway' } : answer));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /**
   * The next call of `method` is carried out, then its answer is lost: held back `holdMs` (past
   * the client's timeout) or replaced by an error status, as when a connection drops.
   */
  loseAnswer(method: string, how: LostAnswer) {
    this.lostAnswers.push({ method, how });
  }

  /** The id of a member's direct-message conversation ('D' + member id here). */
  directConversation(member: string) {
    return `D${member}`;
  }

  // Slack's JSON bodies as this product sends them: strings, metadata and flags.
  private answer(url: string, fields: Fields, authorization: string | undefined) {
    const body = { channel: '', text: '', name: '', users: '', ...fields };
    let answer: unknown = { ok: false, error: 'unknown_method' };
    if (url === '/chat.postMessage') {
      if (!this.failing) {
        this.messages.push({
          channel: body.channel,
          text: body.text,
          authorization,
          ...(body.metadata ? { metadata: body.metadata } : {}),
        });
      }
      answer = this.failing
        ? { ok: false, error: 'channel_not_found' }
        : { ok: true, ts: `${this.messages.length}.000100` };
    }
    if (url === '/conversations.open') {
      answer = body.users
        ? { ok: true, channel: { id: this.directConversation(body.users) } }
        : { ok: false, error: 'users_list_not_supplied' };
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
      // A direct conversation holds the messages sent to its member's id too. Slack leaves
      // metadata out unless asked for it.
      const inConversation = (message: SlackMessage) =>
        message.channel === body.channel ||
        this.directConversation(message.channel) === body.channel;
      const messages = this.messages.filter(inConversation).map(({ text, metadata }) => ({
        text,
        ...(metadata && String(body.include_all_metadata) === 'true' ? { metadata } : {}),
      }));
      answer = { ok: true, messages: messages.reverse() };
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
    await Promise.all(this.held);
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** The fields of a request body as the product sends them. */
interface Fields {
  channel?: string;
  text?: string;
  name?: string;
  users?: string;
  metadata?: unknown;
  include_all_metadata?: boolean | string;
}
