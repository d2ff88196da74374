import { randomUUID } from 'node:crypto';
import type { BoardChange, BoardPresence, LiveActor, LiveHeartbeat } from '@lp/contract/live';
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../../../db/connection.ts';
import type { Database } from '../../../db/schema.ts';
import type { ChangeFeed } from '../../../lib/change-feed.ts';
import * as repo from './live.repository.ts';

/**
 * Where server processes tell each other who has which board open. Presence has no table
 * behind it (it is each process's open streams, renewed by heartbeats), so it travels on a
 * channel of its own rather than the change feed.
 */
export const PRESENCE_CHANNEL = 'live_presence';
/** At most this many changes are replayed after a reconnect; more is a `resync`. */
const REPLAY_LIMIT = 500;
/** Changes read at once after the feed announced new ones. */
const PULL_LIMIT = 500;
/**
 * The shortest time a stream's place outlives its last renewal. Places are renewed every
 * heartbeat and last three; with heartbeats of a fraction of a second (tests), a process held up
 * for a moment (a loaded machine) would otherwise lose places of streams still open.
 */
const MIN_PLACE_LEASE_MS = 30_000;

/**
 * One open stream: its viewer, the token it was opened with, its place among the viewer's
 * streams (takePlace), and how to write to it.
 */
export interface LiveStream {
  cohort: number;
  viewer: LiveActor;
  tokenId: number;
  place: number;
  write(chunk: string): void;
  end(): void;
}

interface Open extends LiveStream {
  /** The last change id sent (the stream never sends an older one twice). */
  lastId: number;
  /** Changes heard while the replay was being read, sent after it. */
  pending: BoardChange[] | null;
  /** The presence last sent to this stream (JSON). */
  presence: string | null;
}

interface PresenceMessage {
  from: string;
  cohort: number;
  viewers: LiveActor[];
  /** A process that just opened its first stream of the cohort asks the others to answer. */
  ask?: boolean;
}

const event = (name: string, data: unknown, id?: string) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${data === undefined ? '' : JSON.stringify(data)}\n\n`;

function isPresence(value: unknown): value is PresenceMessage {
  const message = value as Partial<PresenceMessage> | null;
  return (
    typeof message?.from === 'string' &&
    typeof message.cohort === 'number' &&
    Array.isArray(message.viewers)
  );
}

const parse = (payload: string): unknown => {
  try {
    return JSON.parse(payload);
  } catch {
    return null;
  }
};

/**
 * The live board's streams in this server process. When the change feed announces new
 * `board_changes` rows (every process hears every commit), the hub reads the rows after the last
 * position it read and sends each to the streams of its cohort; a sign-out or a deletion
 * (a change of `tokens`) ends the streams opened with a token no longer good. Presence is
 * this process's viewers plus what the other processes announce on PRESENCE_CHANNEL (each
 * re-announces on every heartbeat, and an announcement not renewed within three heartbeats is
 * dropped, so a process that died leaves no ghosts for long). Each stream holds a place among
 * its viewer's, kept in the database so that the limit per person holds across processes: the
 * hub renews its streams' places on every heartbeat, and a place not renewed (its process died)
 * stops counting when its lease runs out.
 */
export class LiveHub {
  readonly processId = randomUUID();
  private readonly byCohort = new Map<number, Set<Open>>();
  /**
   * How long a place outlives its last renewal: three heartbeats, as presence announcements, and
   * at least MIN_PLACE_LEASE_MS.
   */
  private readonly placeLeaseMs: number;
  private readonly remote = new Map<string, Map<number, { viewers: LiveActor[]; until: number }>>();
  private listening = false;
  /** The newest change position read from the table. */
  private seen = 0;
  /** The read of new changes under way, and whether another was asked for meanwhile. */
  private pulling: Promise<void> | null = null;
  private pullAgain = false;
  private readonly heartbeat: string;
  private stops: Array<() => Promise<void> | void> = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly heartbeatMs: number,
  ) {
    const heartbeat: LiveHeartbeat = { interval_ms: heartbeatMs };
    this.heartbeat = event('heartbeat', heartbeat);
    this.placeLeaseMs = Math.max(3 * heartbeatMs, MIN_PLACE_LEASE_MS);
  }

  async start(listen: DatabaseHandle['listen'] | undefined, feed: ChangeFeed) {
    const heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
    heartbeat.unref();
    this.stops.push(() => clearInterval(heartbeat));
    this.seen = await repo.newestChange(this.db);
    // Also told when changes may have been missed (the listener was down): the rows are still
    // in the table, so reading after the last position catches up.
    this.stops.push(
      feed.follow(['board_changes'], () => void this.pull()),
      feed.follow(['tokens'], () => void this.endRevoked()),
    );
    if (!listen) return;
    this.stops.push(
      await listen(PRESENCE_CHANNEL, {
        notify: (payload) => {
          const message = parse(payload);
          if (isPresence(message)) this.heardPresence(message);
        },
        reset: (listening) => {
          this.listening = listening;
          this.remote.clear();
          if (listening)
            for (const cohort of this.byCohort.keys()) void this.announce(cohort, true);
        },
      }),
    );
  }

  /**
   * Ends every stream, frees their places and tells the other processes this one's viewers are
   * gone.
   */
  async stop() {
    const cohorts = [...this.byCohort.keys()];
    for (const stream of [...this.streams()]) stream.end();
    this.byCohort.clear();
    await Promise.all([
      ...cohorts.map((cohort) => this.announce(cohort)),
      repo.releaseProcessPlaces(this.db, this.processId).catch(() => {
        // The database is away: the places stop counting when their lease runs out.
      }),
    ]);
    for (const stop of this.stops.splice(0)) await stop();
  }

  /**
   * Takes a place for one more stream of the person, in any process: its id for `open`, or null
   * when the person has `limit` streams open already.
   */
  takePlace(personId: number, limit: number): Promise<number | null> {
    return repo.takeStreamPlace(this.db, {
      personId,
      processId: this.processId,
      limit,
      leaseMs: this.placeLeaseMs,
    });
  }

  /** Frees the place of a stream that ended. */
  private releasePlace(place: number) {
    void repo.releaseStreamPlace(this.db, place).catch(() => {
      // The database is away: the place stops counting when its lease runs out.
    });
  }

  /**
   * Adds a stream, which holds its place from now on: replays the changes after `lastEventId` (or
   * `resync` when it cannot), then sends what arrives. Returns how to remove it; a stream whose
   * replay failed is removed.
   */
  async open(stream: LiveStream, lastEventId: string | undefined): Promise<() => void> {
    const open: Open = { ...stream, lastId: 0, pending: [], presence: null };
    // The first heartbeat tells the browser how long a silence may last before it reconnects.
    // A stream opened without a position starts after the newest change read: the heartbeat
    // carries it as its id, so a browser that reconnects before any change came resumes there
    // and is sent what happened while it was away.
    open.write(
      lastEventId === undefined && this.seen > 0
        ? event(
            'heartbeat',
            { interval_ms: this.heartbeatMs } satisfies LiveHeartbeat,
            String(this.seen),
          )
        : this.heartbeat,
    );
    let streams = this.byCohort.get(stream.cohort);
    const first = !streams;
    if (!streams) {
      streams = new Set();
      this.byCohort.set(stream.cohort, streams);
    }
    streams.add(open);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      this.remove(open);
    };
    try {
      if (lastEventId !== undefined) await this.replay(open, lastEventId);
    } catch (error) {
      close();
      throw error;
    } finally {
      const pending = open.pending ?? [];
      open.pending = null;
      for (const change of pending) this.send(open, change);
    }
    this.presenceChanged(stream.cohort);
    void this.announce(stream.cohort, first);
    return close;
  }

  /** Closes the streams opened with a token that is no longer good. */
  private async endRevoked() {
    const streams = [...this.streams()];
    if (streams.length === 0) return;
    try {
      const valid = await repo.validTokens(this.db, [...new Set(streams.map((s) => s.tokenId))]);
      for (const stream of streams) if (!valid.has(stream.tokenId)) stream.end();
    } catch {
      // The database is away: the next change of tokens checks again.
    }
  }

  /** Reads the changes after the last one read and sends them; one read at a time. */
  private async pull() {
    if (this.pulling) {
      this.pullAgain = true;
      return this.pulling;
    }
    this.pulling = (async () => {
      do {
        this.pullAgain = false;
        try {
          let changes: BoardChange[];
          do {
            changes = await repo.changesSince(this.db, this.seen, PULL_LIMIT);
            for (const change of changes) {
              this.seen = Math.max(this.seen, Number(change.id));
              this.deliver(change);
            }
          } while (changes.length === PULL_LIMIT);
        } catch {
          // The database is away: the next announced change reads from the same position.
        }
      } while (this.pullAgain);
    })().finally(() => {
      this.pulling = null;
    });
    return this.pulling;
  }

  private *streams() {
    for (const streams of this.byCohort.values()) yield* streams;
  }

  private async replay(open: Open, lastEventId: string) {
    const after = /^\d{1,15}$/.test(lastEventId) ? Number(lastEventId) : -1;
    const replay =
      after < 0
        ? ({ gap: true, newest: 0 } as const)
        : await repo.changesAfter(this.db, open.cohort, after, REPLAY_LIMIT);
    if ('gap' in replay) {
      open.lastId = Math.max(open.lastId, replay.newest);
      open.write(event('resync', undefined, replay.newest > 0 ? String(replay.newest) : undefined));
      return;
    }
    open.lastId = after;
    for (const change of replay.changes) this.send(open, change);
  }

  private deliver(change: BoardChange) {
    for (const open of this.byCohort.get(change.cohort) ?? []) {
      if (open.pending) open.pending.push(change);
      else this.send(open, change);
    }
  }

  private send(open: Open, change: BoardChange) {
    const id = Number(change.id);
    if (id <= open.lastId) return;
    open.lastId = id;
    open.write(event('change', change, change.id));
  }

  private remove(open: Open) {
    const streams = this.byCohort.get(open.cohort);
    if (!streams?.delete(open)) return;
    if (streams.size === 0) this.byCohort.delete(open.cohort);
    this.releasePlace(open.place);
    this.presenceChanged(open.cohort);
    void this.announce(open.cohort);
  }

  private localViewers(cohort: number): LiveActor[] {
    const viewers = new Map<number, LiveActor>();
    for (const open of this.byCohort.get(cohort) ?? []) viewers.set(open.viewer.id, open.viewer);
    return [...viewers.values()];
  }

  /** Everyone with this board open, in any process, each once, by name. */
  presence(cohort: number): BoardPresence {
    const viewers = new Map<number, LiveActor>();
    const now = Date.now();
    for (const cohorts of this.remote.values()) {
      const entry = cohorts.get(cohort);
      if (entry && entry.until > now)
        for (const viewer of entry.viewers) viewers.set(viewer.id, viewer);
    }
    for (const viewer of this.localViewers(cohort)) viewers.set(viewer.id, viewer);
    const sorted = [...viewers.values()].sort(
      (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
    );
    return { cohort, viewers: sorted };
  }

  /** Sends the cohort's presence to each of its streams here that has not had this one. */
  private presenceChanged(cohort: number) {
    const streams = this.byCohort.get(cohort);
    if (!streams) return;
    const presence = this.presence(cohort);
    const text = JSON.stringify(presence);
    for (const open of streams) {
      if (open.pending || open.presence === text) continue;
      open.presence = text;
      open.write(`event: presence\ndata: ${text}\n\n`);
    }
  }

  private async announce(cohort: number, ask = false) {
    if (!this.listening) return;
    const message: PresenceMessage = {
      from: this.processId,
      cohort,
      viewers: this.localViewers(cohort).slice(0, 50),
      ...(ask ? { ask } : {}),
    };
    try {
      await sql`select pg_notify(${PRESENCE_CHANNEL}, ${JSON.stringify(message)})`.execute(this.db);
    } catch {
      // The database is away: presence catches up with the next heartbeat.
    }
  }

  private heardPresence(message: PresenceMessage) {
    if (message.from === this.processId) return;
    let cohorts = this.remote.get(message.from);
    if (!cohorts) {
      cohorts = new Map();
      this.remote.set(message.from, cohorts);
    }
    if (message.viewers.length === 0) cohorts.delete(message.cohort);
    else
      cohorts.set(message.cohort, {
        viewers: message.viewers,
        until: Date.now() + 3 * this.heartbeatMs,
      });
    if (cohorts.size === 0) this.remote.delete(message.from);
    if (message.ask && this.byCohort.has(message.cohort)) void this.announce(message.cohort);
    this.presenceChanged(message.cohort);
  }

  private beat() {
    const places = [...this.streams()].map((stream) => stream.place);
    void repo.renewStreamPlaces(this.db, places, this.placeLeaseMs).catch(() => {
      // The database is away: the next heartbeat renews them, unless their lease ran out.
    });
    for (const stream of this.streams()) stream.write(this.heartbeat);
    for (const cohort of this.byCohort.keys()) {
      void this.announce(cohort);
      this.presenceChanged(cohort);
    }
  }
}
