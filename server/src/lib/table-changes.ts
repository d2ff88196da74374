import { type Kysely, sql } from 'kysely';
import type { WrittenTables } from '../db/committed-writes.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';

/** Where the database announces, at commit, each table a transaction changed (migration 0720). */
export const TABLE_CHANGES_CHANNEL = 'table_changes';

export type TableName = keyof Database & string;

/**
 * How often each table has changed, as far as this process knows: told at once of its own
 * commits (db/committed-writes.ts) and by the database's notifications of everyone's (other
 * connections and processes). A read that depends on some tables takes a stamp of them before it
 * runs; while a later stamp is equal, its answer still holds. Until the listening connection is
 * up (or after it broke) there is no stamp: nothing may be answered from memory.
 */
export class TableChanges {
  private readonly counts = new Map<string, number>();
  /** Counts changes whose tables are not known: they count for every table. */
  private unknown = 0;
  private listening = false;

  constructor(
    /** The tables whose rows a change of the key's rows may change too (foreign key actions). */
    private readonly cascades: ReadonlyMap<string, readonly string[]> = new Map(),
  ) {}

  /**
   * A number that grows with every change of these tables (counters only grow, so the sum
   * stays equal exactly while none changed), or undefined while changes may go unheard.
   */
  stamp(tables: readonly string[]): number | undefined {
    if (!this.listening) return undefined;
    let sum = this.unknown;
    for (const table of tables) sum += this.counts.get(table) ?? 0;
    return sum;
  }

  /** The tables a committed write changed; null when they are not known. */
  changed(tables: Iterable<string> | null) {
    if (tables === null) {
      this.unknown++;
      return;
    }
    const seen = new Set<string>();
    const visit = (table: string) => {
      if (seen.has(table)) return;
      seen.add(table);
      this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
      for (const child of this.cascades.get(table) ?? []) visit(child);
    };
    for (const table of tables) visit(table);
  }

  /** A notification's payload: the name of the table that changed (anything else: unknown). */
  heard(payload: string) {
    this.changed(payload ? [payload] : null);
  }

  /** Whether notifications arrive; what happened meanwhile is unknown either way. */
  setListening(listening: boolean) {
    this.listening = listening;
    this.unknown++;
  }
}

/**
 * For each table, the tables whose rows its updates and deletes may change by a foreign key
 * action (cascade, set null, set default). A process's own commit names only the tables its
 * statements wrote; these are changed with them, so its next read does not wait for the
 * notifications of the others.
 */
export async function foreignKeyActions(db: Kysely<Database>) {
  const { rows } = await sql<{ parent: string; child: string }>`
    select distinct confrelid::regclass::text as parent, conrelid::regclass::text as child
    from pg_constraint
    where contype = 'f' and (confdeltype in ('c', 'n', 'd') or confupdtype in ('c', 'n', 'd'))`.execute(
    db,
  );
  const cascades = new Map<string, string[]>();
  for (const { parent, child } of rows) {
    const unquoted = (name: string) => name.replace(/^"|"$/g, '');
    const children = cascades.get(unquoted(parent)) ?? [];
    children.push(unquoted(child));
    cascades.set(unquoted(parent), children);
  }
  return cascades;
}

type ChangeSources = Pick<DatabaseHandle, 'db'> &
  Partial<Pick<DatabaseHandle, 'listen' | 'onCommittedWrite'>>;

/** Table changes that follow the database until stopped; without both sources, no stamps. */
export async function followTableChanges(database: ChangeSources) {
  if (!database.listen || !database.onCommittedWrite) {
    return { changes: new TableChanges(), stop: async () => {} };
  }
  const changes = new TableChanges(await foreignKeyActions(database.db));
  const stopWatching = database.onCommittedWrite((tables: WrittenTables) =>
    changes.changed(tables),
  );
  const unlisten = await database.listen(TABLE_CHANGES_CHANNEL, {
    notify: (payload) => changes.heard(payload),
    reset: (listening) => changes.setListening(listening),
  });
  return {
    changes,
    async stop() {
      stopWatching();
      changes.setListening(false);
      await unlisten();
    },
  };
}
