import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Type } from 'typebox';

/** The ETag of an answer's bytes: equal bytes, equal tag. */
export function entityTag(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** Whether an If-None-Match header names the tag (weakly: W/ ignored, lists and * allowed). */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  // A client revalidating sends back the one tag it holds: the usual case, answered first.
  if (header === tag) return true;
  return header.split(',').some((candidate) => {
    const value = candidate.trim().replace(/^W\//, '');
    return value === '*' || value === tag;
  });
}

// Only what the hook reads, so that it fits any route's request and reply types.
interface ConditionalRequest {
  method: string;
  headers: IncomingHttpHeaders;
}
interface ConditionalReply {
  statusCode: number;
  header(name: string, value: string): ConditionalReply;
  code(status: number): unknown;
}

/**
 * An onSend hook for reads whose answers are not kept in memory (a cohort; the frequent lists
 * and a learner's record are kept, see kept-answer.ts): a successful answer carries an ETag of
 * its bytes, and a caller that already holds those bytes gets a 304 without them. Browsers
 * revalidate such answers by themselves (`no-cache`), so the client needs no code. Route-level,
 * so it runs before compression and tags the JSON itself.
 */
export async function conditionalGet(
  request: ConditionalRequest,
  reply: ConditionalReply,
  payload: unknown,
): Promise<unknown> {
  if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  const tag = entityTag(payload);
  reply.header('etag', tag).header('cache-control', 'private, no-cache');
  if (!matchesIfNoneMatch(request.headers['if-none-match'], tag)) return payload;
  reply.code(304);
  return '';
}

/** The 304 of a route with conditionalGet, for its response schema (and the API document). */
export const notModified = {
  304: Type.Unsafe<void>(Type.Null({ description: 'Unchanged since the ETag in If-None-Match' })),
};
