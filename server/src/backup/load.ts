import { type Kysely, type RawBuilder, sql } from 'kysely';
import { FOLDED, knownMigrations, migrateToLatest } from '../db/migrate.ts';
import { BackupFileError, type BackupHeader, readBackup, type TableSection } from './format.ts';
import { tablesInLoadOrder } from './tables.ts';

const BATCH_ROWS = 500;
const BATCH_CHARS = 4_000_000;

/**
 * Checks a whole backup file before anything is changed: its format, checksum and rows, and that
 * this version knows every migration its database had run.
 */
export async function checkBackup(file: string): Promise<{ header: BackupHeader; rows: number }> {
  const read = await readBackup(file);
  // A folded migration's schema is its successor's: a backup that lists it is rebuilt without it.
  const header = {
    ...read.header,
    migrations: read.header.migrations.filter((name) => !FOLDED.includes(name)),
  };
  const known = new Set(knownMigrations());
  const unknown = header.migrations.find((name) => !known.has(name));
  if (unknown) {
    throw new BackupFileError(
      `${file} was made by a newer version of the product (its database has migration '${unknown}', which this version does not know): restore it with that version or a newer one.`,
    );
  }
  return { header, rows: Object.values(read.rows).reduce((sum, n) => sum + n, 0) };
}

/**
 * Restores a checked backup into an empty database: the migrations its database had run rebuild
 * that schema, its rows and sequences load in one transaction (with the tables' own triggers
 * off: board versions and live changes are rows of the backup, not new events; the rows
 * migrations insert are replaced by the backup's), and the
 * migrations of this version then bring it forward.
 */
export async function loadBackup<T>(db: Kysely<T>, file: string, header: BackupHeader) {
  await migrateToLatest(db, header.migrations);
  await db.transaction().execute(async (trx) => {
    const tables = await tablesInLoadOrder(trx);
    for (const table of tables)
      await sql`alter table ${sql.table(table)} disable trigger user`.execute(trx);
    // Migrations insert reference rows (statuses, note types): the backup has them as they were.
    await sql`truncate ${sql.join(tables.map((table) => sql.table(table)))}`.execute(trx);

    let section: TableSection | null = null;
    let batch: string[] = [];
    let chars = 0;
    const flush = async () => {
      if (section && batch.length > 0) await insertRows(trx, section, `[${batch.join(',')}]`);
      batch = [];
      chars = 0;
    };
    await readBackup(file, async (item) => {
      if (item.kind === 'table') {
        await flush();
        if (!tables.includes(item.section.name))
          throw new BackupFileError(
            `${file} has a table its migrations do not make: ${item.section.name}.`,
          );
        section = item.section;
      } else if (item.kind === 'row') {
        batch.push(item.json);
        chars += item.json.length;
        if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
      } else {
        await flush();
        for (const { name, value } of item.values) {
          const next: RawBuilder<unknown> =
            value === null
              ? sql`select setval(${name}::text::regclass, 1, false)`
              : sql`select setval(${name}::text::regclass, ${value}::bigint, true)`;
          await next.execute(trx);
        }
      }
    });
    await flush();
    for (const table of tables)
      await sql`alter table ${sql.table(table)} enable trigger user`.execute(trx);
  });
  await migrateToLatest(db);
}

function insertRows<T>(db: Kysely<T>, section: TableSection, rowsJson: string) {
  const columns = sql.join(section.columns.map((column) => sql.id(column)));
  return sql`
    insert into ${sql.table(section.name)} (${columns}) overriding system value
    select ${columns} from json_populate_recordset(null::${sql.table(section.name)}, ${rowsJson}::json)`.execute(
    db,
  );
}
