import type { OwnWrite } from '../db/committed-writes.ts';
import type { DatabaseHandle } from '../db/connection.ts';

/**
 * Where the database announces, at commit, each table a transaction changed (migration 0720,
 * extended by 1000): the one channel every cache of this process follows.
 */
export const TABLE_CHANGES_CHANNEL = 'table_changes';

interface Follower {
  tables: ReadonlySet<string>;
  heard(): void;
}

/**
 * What changed in the database, as this process hears it: one listener on TABLE_CHANGES_CHANNEL
 * (in-process on PGlite, LISTEN on a PostgreSQL server). Each heard change gets the next
 * position; a read that began at position p still holds while none of the tables it read
 * changed after p. A caller never reads its own write's old answer: on a server the tables a write
 * of this process changed move on when it commits, as they are heard only a moment later.
 * While the listener is down (or before it is up) there is no position: nothing may be answered
 * from memory.
 */
export class ChangeFeed {
  private position = 0;
  private readonly changedAt = new Map<string, number>();
  /** The last position at which anything may have changed (a lost listener, an unknown write). */
  private everythingAt = 0;
  private listening = false;
  private readonly followers = new Set<Follower>();
  /** This process's committed writes whose announcements are still to come: how many each. */
  private readonly ownToCome = new Map<string, number>();
  /** Callers of `settled` waiting for those announcements. */
  private readonly settling = new Set<() => void>();

  /** The current position, or undefined while changes may go unheard. */
  now(): number | undefined {
    return this.listening ? this.position : undefined;
  }

  /** Whether none of the tables changed after `position` (and the feed kept listening). */
  unchangedSince(position: number, tables: Iterable<string>): boolean {
    if (!this.listening || this.everythingAt > position) return false;
    for (const table of tables) if ((this.changedAt.get(table) ?? 0) > position) return false;
    return true;
  }

  /** Calls `heard` after each change of one of the tables (and whenever changes were missed). */
  follow(tables: readonly string[], heard: () => void): () => void {
    const follower = { tables: new Set(tables), heard };
    this.followers.add(follower);
    return () => void this.followers.delete(follower);
  }

  /** A notification's payload: a changed table's name, and the transaction that changed it. */
  heard(payload: string) {
    const [table = '', transaction = ''] = payload.split(' ');
    // This process's own write moved its tables on when it committed (wroteHere).
    const toCome = this.ownToCome.get(transaction) ?? 0;
    if (toCome > 1) this.ownToCome.set(transaction, toCome - 1);
    else if (toCome === 1) {
      this.ownToCome.delete(transaction);
      if (this.ownToCome.size === 0) this.endSettling();
    } else this.changedAt.set(table, ++this.position);
    for (const follower of this.followers) if (follower.tables.has(table)) follower.heard();
  }

  /** Anything may have changed: every kept answer is stale, every follower is told. */
  private missed() {
    this.everythingAt = ++this.position;
    for (const follower of this.followers) follower.heard();
  }

  setListening(listening: boolean) {
    this.listening = listening;
    this.ownToCome.clear();
    this.endSettling();
    this.missed();
  }

  /**
   * Resolves once every announcement of this process's committed writes has been heard back, or
   * after `maxMs`: the other processes, notified by the same commits, have heard them too. A
   * sign-out waits for it, so that no process accepts the token after the answer.
   */
  settled(maxMs = 1000): Promise<void> {
    if (!this.listening || this.ownToCome.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.settling.delete(done);
        resolve();
      };
      const timer = setTimeout(done, maxMs);
      this.settling.add(done);
    });
  }

  private endSettling() {
    for (const done of [...this.settling]) done();
  }

  /**
   * This process committed a write (null: of anything): answers read before it that read its
   * tables are stale. Its announcements, when heard, tell the followers and nothing more.
   */
  wroteHere(write: OwnWrite | null) {
    const at = ++this.position;
    if (write === null) this.everythingAt = at;
    else {
      for (const table of write.tables) this.changedAt.set(table, at);
      // One heard before its commit returned is never matched: the map is bounded.
      if (this.ownToCome.size >= 1000) this.ownToCome.clear();
      if (this.listening) this.ownToCome.set(write.transaction, write.tables.length);
    }
  }
}

type ChangeSources = Partial<Pick<DatabaseHandle, 'kind' | 'listen' | 'onCommittedWrite'>>;

/** A feed that follows the database until stopped; without a listener it never listens. */
export async function followChanges(database: ChangeSources) {
  const feed = new ChangeFeed();
  if (!database.listen) return { feed, stop: async () => {} };
  // PGlite hands a commit's notifications to its listeners before the commit returns (one
  // session): only a server's listener, on a connection of its own, may hear them later.
  const stopWatching =
    database.kind === 'postgres'
      ? database.onCommittedWrite?.((write) => feed.wroteHere(write))
      : undefined;
  const unlisten = await database.listen(TABLE_CHANGES_CHANNEL, {
    notify: (payload) => feed.heard(payload),
    reset: (listening) => feed.setListening(listening),
  });
  return {
    feed,
    async stop() {
      stopWatching?.();
      feed.setListening(false);
      await unlisten();
    },
  };
}
