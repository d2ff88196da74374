import { type Static, Type } from 'typebox';
import { Nullable, Timestamp } from './common.ts';

/*
 * The live board: GET /cohorts/{id}/live, a `text/event-stream` for staff.
 *
 * Authentication: the browser's EventSource sends no headers, and the long-lived token must not
 * travel in a URL. A browser first asks POST /cohorts/{id}/live/ticket (with its usual
 * `Authorization: Token …`) for a short-lived, single-use ticket and opens
 * GET /cohorts/{id}/live?ticket=… with it. Scripts and services that can send headers open the
 * stream with `Authorization: Token …` and no ticket.
 *
 * Events on the stream (the SSE `event:` field names the kind; `data:` is JSON):
 * - `change` (a BoardChange; its SSE `id:` is the change's id, which Last-Event-ID resumes after);
 * - `presence` (a BoardPresence: who has this board open now);
 * - `resync` (no data): changes were missed and cannot be replayed; refetch the board;
 * - `heartbeat` (a LiveHeartbeat) when the stream opens and then about every 25 s: it keeps
 *   proxies from closing the stream, and tells a browser (whose EventSource sees no comment lines)
 *   that a stream silent for much longer than `interval_ms` is dead. On a stream opened without
 *   Last-Event-ID, the first heartbeat's `id:` is the newest change's id: where the stream starts,
 *   which a reconnect resumes after.
 *
 * A person may have LIVE_CONNECTIONS_PER_PERSON streams open at once (server configuration),
 * counted across every server process; one more is answered 429 with `Retry-After` (seconds).
 */

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** What changed on a card. */
export const BoardChangeKind = Type.Union([
  Type.Literal('project'),
  Type.Literal('assessment'),
  Type.Literal('objective'),
  Type.Literal('capstone'),
  Type.Literal('tag'),
  Type.Literal('note'),
  Type.Literal('transfer-in'),
  Type.Literal('transfer-out'),
  Type.Literal('cleared'),
  Type.Literal('deleted'),
  Type.Literal('detail'),
  Type.Literal('undo'),
  /** Work on GitHub: a push, a pull request, a review or checks (features/github). */
  Type.Literal('activity'),
  /** Staff reached out to the learner (features/interventions). */
  Type.Literal('intervention'),
  /** A repository linked to or unlinked from the learner. */
  Type.Literal('repository'),
]);
export type BoardChangeKind = Static<typeof BoardChangeKind>;

export const LiveActor = Type.Object({ id: Type.Integer(), name: Type.String() });
export type LiveActor = Static<typeof LiveActor>;

export const BoardChange = Type.Object({
  /** Increasing within a cohort's stream; the SSE id. */
  id: Type.String(),
  cohort: Type.Integer(),
  student_id: Nullable(Type.Integer()),
  kind: BoardChangeKind,
  /** In words, for the card's mark, e.g. 'moved to Mortgage Qualifiers'. */
  summary: Type.String(),
  actor: Nullable(LiveActor),
  at: Timestamp,
});
export type BoardChange = Static<typeof BoardChange>;

export const BoardPresence = Type.Object({
  cohort: Type.Integer(),
  /** Each person once, however many tabs they have open. */
  viewers: Type.Array(LiveActor),
});
export type BoardPresence = Static<typeof BoardPresence>;

export const LiveHeartbeat = Type.Object({
  /** How often the server sends a heartbeat on this stream. */
  interval_ms: Type.Integer({ minimum: 1 }),
});
export type LiveHeartbeat = Static<typeof LiveHeartbeat>;

export const LiveTicket = Type.Object({
  ticket: Type.String(),
  /** The ticket is good for one stream opened before this time (about 60 s). */
  expires_at: Timestamp,
});
export type LiveTicket = Static<typeof LiveTicket>;

export const LiveParams = Type.Object({ id: Id });
export const LiveQuery = Type.Object({
  ticket: Type.Optional(Type.String({ maxLength: 200 })),
  /**
   * What Last-Event-ID says, for a client that opens a new stream itself (a browser with a new
   * ticket cannot set that header); the header wins when both are sent.
   */
  last_event_id: Type.Optional(Type.String({ maxLength: 40 })),
});
