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

// One release made repository_work in 1040-github-activity itself and had no
// 1045-repository-work, which makes it. A database of that release, or a backup of one, has that
// table without 1045's record: 1045 counts as run for it, since running it would make the table
// twice.
const GITHUB_ACTIVITY = '1040-github-activity';
const REPOSITORY_WORK = '1045-repository-work';

/** The migrations whose schema a database has, given those it ran and whether repository_work is there. */
export function migrationsWithSchemaOf(
  ran: readonly string[],
  hasRepositoryWork: boolean,
): string[] {
  const madeBy1040 =
    hasRepositoryWork && ran.includes(GITHUB_ACTIVITY) && !ran.includes(REPOSITORY_WORK);
  return madeBy1040 ? [...ran, REPOSITORY_WORK].sort() : [...ran];
}

/** Records 1045 as run on a database of the release above (see `migrationsWithSchemaOf`). */
async function recordRepositoryWorkMadeBy1040<T>(db: Kysely<T>, applied: readonly string[]) {
  if (!applied.includes(GITHUB_ACTIVITY) || applied.includes(REPOSITORY_WORK)) return applied;
  const table = await sql<{ found: boolean }>`
    select to_regclass('repository_work') is not null as found`.execute(db);
  const schema = migrationsWithSchemaOf(applied, table.rows[0]?.found === true);
  if (schema.length > applied.length)
    await sql`insert into kysely_migration (name, timestamp) values (${REPOSITORY_WORK}, now())`.execute(
      db,
    );
  return schema;
}

/**
 * Runs every migration not yet run; with `only`, just those of them that it names (a restore
 * first rebuilds the schema its backup was made on, then migrates forward).
 */
export async function migrateToLatest<T>(db: Kysely<T>, only?: readonly string[]): Promise<void> {
  // A restart on an up-to-date database (the usual start) skips the migrator, whose checks and
  // locks cost more than this look. A database with migrations this version does not know still
  // goes to the migrator, which refuses it.
  const applied = await recordRepositoryWorkMadeBy1040(db, await appliedMigrations(db));
  if (!only && sameNames(applied, knownMigrations())) return;
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
