import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { CachedReads } from '../lib/cached-reads.ts';
import { chooseEncoding, EncodedBody } from '../lib/encoded-body.ts';
import type { RouteRule } from './route-rules.ts';

/** A read's JSON answer as sent: its bytes (compressed once per encoding) and their ETag. */
interface KeptAnswer {
  body: EncodedBody;
  etag: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The JSON answers of frequent reads (and the parts of some), kept while the tables they
     * read are unchanged (app.ts).
     */
    keptAnswers: CachedReads;
  }
}

/** A read whose answer may be kept: what shapes it beside its route and caller, how it is made. */
export interface KeptRead<T> {
  /** Its ids and query: everything beside the route and the caller that shapes the answer. */
  variant: string;
  /** Makes the answer (a refusal or a 404 throws, and is never kept); JSON bytes are sent as is. */
  load: () => Promise<T | Buffer>;
  /**
   * When the answer goes stale by itself (it counts days up to now), told after `load` with the
   * time the read began; never by default.
   */
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

function answerOf(json: string | Uint8Array | ArrayBuffer): KeptAnswer {
  const bytes = typeof json === 'string' ? Buffer.from(json) : Buffer.from(new Uint8Array(json));
  const etag = `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"`;
  return { body: new EncodedBody(bytes), etag };
}

/** Whether an If-None-Match header names the tag (weakly: W/ ignored, lists and * allowed). */
function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  // A client revalidating sends back the one tag it holds: the usual case, answered first.
  if (header === tag) return true;
  return header.split(',').some((candidate) => {
    const value = candidate.trim().replace(/^W\//, '');
    return value === '*' || value === tag;
  });
}

/** The 304 of a route with a kept answer, for its response schema (and the API document). */
export const notModified = {
  304: Type.Unsafe<void>(Type.Null({ description: 'Unchanged since the ETag in If-None-Match' })),
};

/**
 * Sends a GET's answer, kept in memory while nothing it read has changed (app.keptAnswers):
 * made with the route's response schema, sent with its ETag (If-None-Match answers 304) and
 * compressed once per encoding the callers accept.
 */
export async function sendKept<T>(reply: FastifyReply, read: KeptRead<T>) {
  const { request } = reply;
  const key = `${request.routeOptions.url} ${audienceOf(request)} ${read.variant}`;
  let until = Number.POSITIVE_INFINITY;
  const answer = await reply.server.keptAnswers.read(
    key,
    async () => {
      const startedAt = Date.now();
      const value = await read.load();
      if (read.until) until = read.until(startedAt);
      return answerOf(Buffer.isBuffer(value) ? value : reply.serialize(value));
    },
    () => until,
  );
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) {
    return reply.code(304).send();
  }
  const accepted =
    answer.body.plain.length < COMPRESS_FROM ? undefined : request.headers['accept-encoding'];
  const { body, encoding } = answer.body.in(chooseEncoding(accepted));
  reply.header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.type('application/json').send(body);
}
