import { Coalescer } from './coalesce.ts';
import type { TableChanges, TableName } from './table-changes.ts';

interface Kept<V> {
  stamp: number;
  value: V;
}

/**
 * Answers of reads kept in memory, each under its key and the stamp of the tables it was read
 * from (table-changes.ts): one is answered again while no change of those tables has been heard
 * since its read began. Concurrent callers of one key share a read sent after they arrived
 * (coalesce.ts), and one that finds a fresh answer kept meanwhile takes it, so an answer is never
 * older than a write its caller committed before asking. The least recently used answers are
 * forgotten beyond `limit`.
 */
export class KeptReads<V> {
  private readonly entries = new Map<string, Kept<V>>();
  private readonly reads = new Coalescer<string, V>();

  constructor(
    private readonly changes: TableChanges,
    private readonly limit = 2000,
  ) {}

  read(key: string, tables: readonly TableName[], load: () => Promise<V>): Promise<V> {
    const kept = this.fresh(key, tables);
    if (kept) return Promise.resolve(kept.value);
    return this.reads.read(key, () => this.readAndKeep(key, tables, load));
  }

  private async readAndKeep(key: string, tables: readonly TableName[], load: () => Promise<V>) {
    const kept = this.fresh(key, tables);
    if (kept) return kept.value;
    // Taken before the read: a change heard while it runs leaves it kept under an older stamp,
    // never to be answered again.
    const stamp = this.changes.stamp(tables);
    const value = await load();
    if (stamp !== undefined) {
      this.entries.set(key, { stamp, value });
      if (this.entries.size > this.limit) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return value;
  }

  /** The kept answer while its tables are unchanged (made the most recently used). */
  private fresh(key: string, tables: readonly TableName[]): Kept<V> | undefined {
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    this.entries.delete(key);
    if (kept.stamp !== this.changes.stamp(tables)) return undefined;
    this.entries.set(key, kept);
    return kept;
  }
}
