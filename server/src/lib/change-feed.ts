import type { OwnWrite } from '../db/committed-writes.ts';
import type { DatabaseHandle } from '../db/connection.ts';

/** Where the database announces each table a transaction changed (migrations 0720, 1000). */
export const TABLE_CHANGES_CHANNEL = 'table_changes';

/**
 * What changed in the database, as this process hears it on TABLE_CHANGES_CHANNEL. Each change
 * gets the next position; a read begun at position p holds while none of its tables changed
 * after p. This process's own writes move their tables on as they commit (a server's listener
 * hears them a moment later). While the listener is down there is no position.
 */
export class ChangeFeed {
  private position = 0;
  private readonly changedAt = new Map<string, number>();
  /** The last position at which anything may have changed (a lost listener, an unknown write). */
  private everythingAt = 0;
  private listening = false;
  private readonly followers = new Set<{ tables: ReadonlySet<string>; heard(): void }>();
  /** This process's committed writes whose announcements are still to come: how many each. */
  private readonly ownToCome = new Map<string, number>();
  /** Transactions heard of lately: an announcement may arrive before its commit returns. */
  private readonly heardLately = new Set<string>();
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
    // This process's own write moved its tables on as it committed: its echo moves nothing.
    const toCome = this.ownToCome.get(transaction);
    if (toCome === undefined) {
      this.changedAt.set(table, ++this.position);
      if (this.heardLately.size >= 1000) this.heardLately.clear();
      this.heardLately.add(transaction);
    } else if (toCome > 1) this.ownToCome.set(transaction, toCome - 1);
    else if (this.ownToCome.delete(transaction) && this.ownToCome.size === 0) this.endSettling();
    for (const follower of this.followers) if (follower.tables.has(table)) follower.heard();
  }

  /** The listener is up or down: changes may have been missed, so anything may have changed. */
  setListening(listening: boolean) {
    this.listening = listening;
    this.ownToCome.clear();
    this.heardLately.clear();
    this.endSettling();
    this.everythingAt = ++this.position;
    for (const follower of this.followers) follower.heard();
  }

  /**
   * Resolves once this process's committed writes have been heard back (or after `maxMs`), so
   * other processes have heard them too: no process accepts a token after its sign-out answers.
   */
  settled(maxMs = 1000): Promise<void> {
    if (!this.listening || this.ownToCome.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.settling.add(resolve);
      setTimeout(resolve, maxMs).unref();
    });
  }

  private endSettling() {
    for (const done of this.settling) done();
    this.settling.clear();
  }

  /** This process committed a write (null: of anything): its tables move on at once. */
  wroteHere(write: OwnWrite | null) {
    const at = ++this.position;
    if (write === null) this.everythingAt = at;
    else {
      for (const table of write.tables) this.changedAt.set(table, at);
      if (this.listening && !this.heardLately.has(write.transaction))
        this.ownToCome.set(write.transaction, write.tables.length);
    }
  }
}

type ChangeSources = Partial<Pick<DatabaseHandle, 'kind' | 'listen' | 'onCommittedWrite'>>;

/** A feed that follows the database until stopped; without a listener it never listens. */
export async function followChanges(database: ChangeSources) {
  const feed = new ChangeFeed();
  if (!database.listen) return { feed, stop: async () => {} };
  // PGlite hands a commit's notifications to its listeners before the commit returns.
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
