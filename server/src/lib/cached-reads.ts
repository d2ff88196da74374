import { captureReads, noteReads } from '../db/committed-writes.ts';
import type { ChangeFeed } from './change-feed.ts';

/** A read's answer and the tables its statements read (null: not known, so never kept). */
type Read<V> = { value: V; tables: ReadonlySet<string> | null };
type Kept<V> = Read<V> & { tables: ReadonlySet<string>; position: number; until: number };

/**
 * Answers of reads kept in memory under a key, with the tables their statements read (as
 * PostgreSQL plans them, never listed by hand) and the change feed's position when they began:
 * answered again while none of those tables changed since, and until `until` (days move on).
 * Callers of one key share a read while nothing was heard since it began (50 clients, one
 * query). A cached read used inside another adds its tables to the outer one. The least recently
 * used answers are forgotten beyond `limit`.
 */
export class CachedReads<V = unknown> {
  private readonly entries = new Map<string, Kept<V>>();
  private readonly loading = new Map<string, { position?: number; read: Promise<Read<V>> }>();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly limit = 2000,
  ) {}

  async read<T extends V>(
    key: string,
    load: () => Promise<T>,
    until?: (startedAt: number) => number,
  ): Promise<T> {
    const read = this.kept<T>(key) ?? (await this.shared(key, load, until));
    noteReads(read.tables);
    return read.value as T;
  }

  /** The tables the kept answer of `key` watches (tests compare them with its statements). */
  watched(key: string): ReadonlySet<string> | undefined {
    return this.entries.get(key)?.tables;
  }

  /** The read of `key` under way if nothing was heard since it began, else a new one. */
  private shared<T extends V>(
    key: string,
    load: () => Promise<T>,
    until?: (startedAt: number) => number,
  ) {
    // Taken before the read: a change heard while it runs leaves it kept under an older
    // position, never to be answered again.
    const position = this.feed.now();
    const underWay = this.loading.get(key);
    if (underWay && position !== undefined && underWay.position === position) return underWay.read;
    const startedAt = Date.now();
    const read = captureReads(load)
      .then(({ value, tables }) => {
        if (position !== undefined && tables !== null) {
          const expiry = until?.(startedAt) ?? Number.POSITIVE_INFINITY;
          this.entries.set(key, { value, tables, position, until: expiry });
          const oldest = this.entries.keys().next().value;
          if (this.entries.size > this.limit && oldest !== undefined) this.entries.delete(oldest);
        }
        return { value, tables };
      })
      .finally(() => {
        if (this.loading.get(key)?.read === read) this.loading.delete(key);
      });
    this.loading.set(key, { position, read });
    return read;
  }

  /**
   * The kept answer while its tables are unchanged (made the most recently used), in the same
   * turn: a hot path (a 304, a token check) needs no promise.
   */
  kept<T extends V>(key: string): Kept<T> | undefined {
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    this.entries.delete(key);
    if (Date.now() >= kept.until || !this.feed.unchangedSince(kept.position, kept.tables))
      return undefined;
    this.entries.set(key, kept);
    return kept as Kept<T>;
  }
}
