import { captureReads, noteReads } from '../db/committed-writes.ts';
import type { ChangeFeed } from './change-feed.ts';

/** A read's answer and the tables its statements read (null: not known, so never kept). */
interface Read<V> {
  value: V;
  tables: ReadonlySet<string> | null;
}

interface Kept<V> extends Read<V> {
  tables: ReadonlySet<string>;
  position: number;
  until: number;
}

/**
 * Answers of reads kept in memory, each under its key, the tables its statements read (never
 * listed by hand: every statement the read sends is captured and PostgreSQL's plan of it names
 * them) and the change feed's position when it began: one is answered again while the feed has
 * heard no change of those tables since, and until its `until` time (day counts move on).
 * Concurrent callers of one key share its read while the feed has heard nothing since it began,
 * so 50 clients asking for one board cost one query, and an answer is never older than a change
 * this process heard or made before its caller asked. A read used inside another cached read
 * adds its tables to the outer one. The least recently used answers are forgotten beyond `limit`.
 * Keys name what they read, so one key always holds answers of one type.
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
    until?: (value: T) => number,
  ): Promise<T> {
    const read = this.fresh(key) ?? (await this.shared(key, load, until));
    noteReads(read.tables);
    return read.value as T;
  }

  /** The tables the kept answer of `key` watches (tests compare them with its statements). */
  watched(key: string): ReadonlySet<string> | undefined {
    return this.entries.get(key)?.tables;
  }

  /** The read of `key` under way if nothing was heard since it began, else a new one. */
  private shared<T extends V>(key: string, load: () => Promise<T>, until?: (value: T) => number) {
    // Taken before the read: a change heard while it runs leaves it kept under an older
    // position, never to be answered again.
    const position = this.feed.now();
    const underWay = this.loading.get(key);
    if (underWay && position !== undefined && underWay.position === position) return underWay.read;
    const read = this.readAndKeep(key, position, load, until).finally(() => {
      if (this.loading.get(key)?.read === read) this.loading.delete(key);
    });
    this.loading.set(key, { position, read });
    return read;
  }

  private async readAndKeep<T extends V>(
    key: string,
    position: number | undefined,
    load: () => Promise<T>,
    until?: (value: T) => number,
  ): Promise<Read<V>> {
    const { value, tables } = await captureReads(load);
    if (position !== undefined && tables !== null) {
      const kept = { position, tables, value, until: until?.(value) ?? Number.POSITIVE_INFINITY };
      this.entries.set(key, kept);
      if (this.entries.size > this.limit) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return { value, tables };
  }

  /** The kept answer while its tables are unchanged (made the most recently used). */
  private fresh(key: string): Kept<V> | undefined {
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    this.entries.delete(key);
    if (Date.now() >= kept.until || !this.feed.unchangedSince(kept.position, kept.tables))
      return undefined;
    this.entries.set(key, kept);
    return kept;
  }
}
