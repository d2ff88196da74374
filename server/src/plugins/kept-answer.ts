import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import { Type } from 'typebox';
import type { CachedReads } from '../lib/cached-reads.ts';
import { chooseEncoding, EncodedBody } from '../lib/encoded-body.ts';
import type { RouteRule } from './route-rules.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers of frequent reads (and parts of some), kept while their tables are unchanged. */
    keptAnswers: CachedReads;
  }
}

/** A read whose answer may be kept: what shapes it beside its route and caller, how it is made. */
export interface KeptRead<T> {
  /** Its ids and query: everything beside the route and the caller that shapes the answer. */
  variant: string;
  /** Makes the answer (a refusal or a 404 throws, and is never kept); JSON bytes are sent as is. */
  load: () => Promise<T | Buffer>;
  /** When the answer goes stale by itself (it counts days), from the time the read began. */
  until?: (startedAt: number) => number;
}

/** Answers smaller than this travel as they are, as @fastify/compress leaves them (app.ts). */
const COMPRESS_FROM = 1024;

/**
 * Who may be sent the same kept answer, from the route's access rule: every staff caller alike on
 * a staff route whose rule gives staff and coaches the same answer (it shows nothing of the
 * caller); on any other route each caller has answers of their own.
 */
export function audienceOf(request: FastifyRequest): string {
  const rule = request.routeOptions.config as Partial<RouteRule>;
  const caller = request.person;
  const staffAlike =
    rule.access === 'staff' && rule.expect !== undefined && rule.expect.staff === rule.expect.coach;
  if (staffAlike && caller?.isStaff) return 'staff';
  return caller ? `person ${caller.id}` : 'anonymous';
}

/** The 304 of a route with a kept answer, for its response schema (and the API document). */
export const notModified = {
  304: Type.Unsafe<void>(Type.Null({ description: 'Unchanged since the ETag in If-None-Match' })),
};

/**
 * Sends a GET's answer, kept while nothing it read has changed (app.keptAnswers), with its ETag
 * (If-None-Match answers 304), compressed once per encoding. A kept answer is sent at once and
 * nothing is returned: the route's handler must not be async (ARCHITECTURE.md, "Hot paths").
 */
export function sendKept<T>(reply: FastifyReply, read: KeptRead<T>): Promise<void> | undefined {
  const key = `${reply.request.routeOptions.url} ${audienceOf(reply.request)} ${read.variant}`;
  const kept = reply.server.keptAnswers.kept<EncodedBody>(key);
  if (kept) return void send(reply, kept.value);
  const load = async () => {
    const value = await read.load();
    const json = Buffer.isBuffer(value) ? value : reply.serialize(value);
    return new EncodedBody(Buffer.from(typeof json === 'string' ? json : new Uint8Array(json)));
  };
  // Awaiting the reply waits for its response to finish, so that Fastify finds it sent.
  return reply.server.keptAnswers.read(key, load, read.until).then(async (answer) => {
    await send(reply, answer);
  });
}

function send(reply: FastifyReply, answer: EncodedBody) {
  const { headers } = reply.request;
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
  if (fresh(headers, { etag: answer.etag })) return reply.code(304).send();
  const accepted = answer.plain.length < COMPRESS_FROM ? undefined : headers['accept-encoding'];
  const { body, encoding } = answer.in(chooseEncoding(accepted));
  reply.header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.type('application/json').send(body);
}
