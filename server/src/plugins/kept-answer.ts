import type { FastifyReply } from 'fastify';
import { chooseEncoding, EncodedBody } from '../lib/encoded-body.ts';
import type { KeptReads } from '../lib/kept-reads.ts';
import type { TableName } from '../lib/table-changes.ts';
import { entityTag, matchesIfNoneMatch } from './conditional-get.ts';
import type { SignedInPerson } from './principal.ts';

/** A read's JSON answer as sent: its bytes (compressed once per encoding) and their ETag. */
export interface KeptAnswer {
  body: EncodedBody;
  etag: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The JSON answers of frequent reads, kept while their tables are unchanged (app.ts). */
    keptAnswers: KeptReads<KeptAnswer>;
  }
}

/**
 * Who may be sent the same kept answer: every caller the route lets in (the answer is the same
 * for all of them), every staff member, or only this person (the answer shows what is theirs,
 * or is shaped by who they are).
 */
export type Audience = 'everyone' | 'staff' | SignedInPerson;

/** A read whose answer may be kept: whom it is for, what it depends on, how it is made. */
export interface KeptRead<T> {
  audience: Audience;
  /** Its ids and query: everything beside the route and the audience that shapes the answer. */
  variant: string;
  /** Every table it reads; a change of any of them makes it read again. */
  tables: readonly TableName[];
  /** Makes the answer (a refusal or a 404 throws, and is never kept). */
  load: () => Promise<T>;
}

/** Answers smaller than this travel as they are, as @fastify/compress leaves them (app.ts). */
const COMPRESS_FROM = 1024;

function audienceKey(audience: Audience, caller: SignedInPerson | null): string {
  if (audience === 'everyone') return 'everyone';
  // Only a staff caller shares the staff answer, whatever a route declares.
  if (audience === 'staff' && caller?.isStaff) return 'staff';
  const person = audience === 'staff' ? caller : audience;
  return person ? `person ${person.id} ${person.isStaff ? 'staff' : 'learner'}` : 'anonymous';
}

function answerOf(json: string | Uint8Array | ArrayBuffer): KeptAnswer {
  const bytes = typeof json === 'string' ? Buffer.from(json) : Buffer.from(new Uint8Array(json));
  return { body: new EncodedBody(bytes), etag: entityTag(bytes) };
}

/**
 * Sends a GET's answer, kept in memory while nothing it shows has changed (app.keptAnswers):
 * made with the route's response schema, sent with its ETag (If-None-Match answers 304) and
 * compressed once per encoding the callers accept.
 */
export async function sendKept<T>(reply: FastifyReply, read: KeptRead<T>) {
  const { request } = reply;
  const key = `${request.routeOptions.url} ${audienceKey(read.audience, request.person)} ${read.variant}`;
  const answer = await reply.server.keptAnswers.read(key, read.tables, async () =>
    answerOf(reply.serialize(await read.load())),
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
