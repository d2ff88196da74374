import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { migrations } from './migration-list.ts';

class StaticProvider implements MigrationProvider {
  constructor(private readonly chosen: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.chosen;
  }
}

const migratorOf = <T>(db: Kysely<T>, chosen: Record<string, Migration> = migrations) =>
  new Migrator({ db, provider: new StaticProvider(chosen), allowUnorderedMigrations: true });

/**
 * Migrations folded into an earlier one, which some databases ran on their own:
 * 1045-repository-work made what 1040-github-activity now makes, the same table and trigger.
 */
export const FOLDED = ['1045-repository-work'];

/**
 * Runs every migration not yet run; with `only`, just those of them that it names (a restore
 * first rebuilds the schema its backup was made on, then migrates forward).
 */
export async function migrateToLatest<T>(db: Kysely<T>, only?: readonly string[]): Promise<void> {
  // A restart on an up-to-date database (the usual start) skips the migrator, whose checks and
  // locks cost more than this look. A database with migrations this version does not know still
  // goes to the migrator, which refuses it.
  const applied = await appliedMigrations(db);
  if (applied.some((name) => FOLDED.includes(name)))
    await sql`delete from kysely_migration where name = any(${FOLDED})`.execute(db);
  const kept = applied.filter((name) => !FOLDED.includes(name));
  if (!only && sameNames(kept, knownMigrations())) return;
  const chosen = only
    ? Object.fromEntries(Object.entries(migrations).filter(([name]) => only.includes(name)))
    : migrations;
  const { error, results } = await migratorOf(db, chosen).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`);
  }
}

/** The migrations this version of the product knows, in the order they run. */
export const knownMigrations = (): string[] => Object.keys(migrations).sort();

/**
 * The migrations that have run on this database, in order, read from Kysely's own table: it
 * names those of a newer version too. None on a new database.
 */
export async function appliedMigrations<T>(db: Kysely<T>): Promise<string[]> {
  const table = await sql<{ found: boolean }>`
    select to_regclass('kysely_migration') is not null as found`.execute(db);
  if (!table.rows[0]?.found) return [];
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
    db,
  );
  return rows.rows.map((row) => row.name);
}

const sameNames = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, index) => name === b[index]);
