import { type Kysely, sql } from 'kysely';

/** Kysely's own bookkeeping: the migrations of a restore write it afresh. */
const migrationTables = ['kysely_migration', 'kysely_migration_lock'];

/**
 * The application's tables, each after the tables its foreign keys point at, so that rows load
 * in this order pass their checks (ties in name order, the same on every run).
 */
export async function tablesInLoadOrder<T>(db: Kysely<T>): Promise<string[]> {
  const tables = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and c.relname not in (${sql.join(migrationTables)})
    order by c.relname`.execute(db);
  const edges = await sql<{ child: string; parent: string }>`
    select child.relname as child, parent.relname as parent
    from pg_constraint k
    join pg_class child on child.oid = k.conrelid
    join pg_class parent on parent.oid = k.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where k.contype = 'f' and n.nspname = 'public'`.execute(db);
  const names = tables.rows.map((row) => row.name);
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of edges.rows) {
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((p) => placed.has(p)),
    );
    if (ready.length === 0) throw new Error('The tables refer to each other in a circle');
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

/** The columns a row is written into (generated columns are computed, not stored). */
export async function writableColumns<T>(db: Kysely<T>, table: string): Promise<string[]> {
  const columns = await sql<{ name: string }>`
    select attname as name from pg_attribute
    where attrelid = ${`public.${table}`}::regclass and attnum > 0 and not attisdropped
      and attgenerated = ''
    order by attnum`.execute(db);
  return columns.rows.map((row) => row.name);
}

export interface Contents {
  tables: number;
  rows: number;
  /** Rows of the tables a person recognises their data by (people, cohorts, notes, …). */
  notable: Record<string, number>;
}

const notableTables = ['people', 'cohorts', 'notes', 'learning_records', 'audit_log'];

/** What a database holds, to say what a restore would replace; null when it has no tables. */
export async function contentsOf<T>(db: Kysely<T>): Promise<Contents | null> {
  const tables = await tablesInLoadOrder(db);
  if (tables.length === 0) return null;
  const notable: Record<string, number> = {};
  let rows = 0;
  for (const table of tables) {
    const counted = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(table)}`.execute(db);
    const n = counted.rows[0]?.n ?? 0;
    rows += n;
    if (notableTables.includes(table)) notable[table] = n;
  }
  return { tables: tables.length, rows, notable };
}

export function describeContents(contents: Contents): string {
  const counts = Object.entries(contents.notable)
    .map(([table, n]) => `${n.toLocaleString('en-US')} ${table.replaceAll('_', ' ')}`)
    .join(', ');
  return `${contents.tables} tables with ${contents.rows.toLocaleString('en-US')} rows${counts ? ` (${counts})` : ''}`;
}
