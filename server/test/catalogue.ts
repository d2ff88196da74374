import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/db/schema.ts';

/**
 * What the migrations made of the public schema, read from the system catalogue as one sorted
 * line per object: tables and sequences, columns (type, default, nullability), indexes,
 * constraints, triggers and functions, each with its definition as the server prints it. Two
 * databases with equal catalogues were given the same schema. The migrator's own tables
 * (kysely_migration, kysely_migration_lock) are left out: they record runs, not the schema.
 */
export interface Catalogue {
  relations: string[];
  columns: ColumnLine[];
  indexes: string[];
  constraints: string[];
  triggers: string[];
  functions: string[];
}

export interface ColumnLine {
  table: string;
  column: string;
  /** The type as the server prints it, e.g. 'integer', 'timestamp with time zone', 'text[]'. */
  type: string;
  nullable: boolean;
  default: string | null;
  /** 'a' (generated always) or 'd' (by default) for an identity column, else ''. */
  identity: string;
}

const lines = async (db: Kysely<Database>, query: ReturnType<typeof sql<{ line: string }>>) =>
  (await query.execute(db)).rows.map((row) => row.line).sort();

export async function readCatalogue(db: Kysely<Database>): Promise<Catalogue> {
  const columns = await sql<ColumnLine>`
    select c.relname as "table", a.attname as "column",
      format_type(a.atttypid, a.atttypmod) as "type",
      not a.attnotnull as "nullable",
      pg_get_expr(d.adbin, d.adrelid) as "default",
      a.attidentity::text as "identity"
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
      and c.relname not in ('kysely_migration', 'kysely_migration_lock')
      and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attnum`.execute(db);
  return {
    relations: await lines(
      db,
      sql`select c.relkind::text || ' ' || c.relname as line
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
          and c.relname not in ('kysely_migration', 'kysely_migration_lock')`,
    ),
    columns: columns.rows,
    indexes: await lines(
      db,
      sql`select indexdef as line from pg_indexes
        where schemaname = 'public' and tablename not in ('kysely_migration', 'kysely_migration_lock')`,
    ),
    constraints: await lines(
      db,
      sql`select c.conrelid::regclass::text || ' ' || c.conname || ': ' || pg_get_constraintdef(c.oid)
          as line
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where n.nspname = 'public' and c.conrelid::regclass::text not in ('kysely_migration', 'kysely_migration_lock')`,
    ),
    triggers: await lines(
      db,
      sql`select pg_get_triggerdef(t.oid) || ' (' || t.tgenabled::text || ')' as line
        from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and not t.tgisinternal`,
    ),
    functions: await lines(
      db,
      sql`select pg_get_functiondef(p.oid) as line
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'`,
    ),
  };
}
