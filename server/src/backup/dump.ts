import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../db/connection.ts';
import { appliedMigrations } from '../db/migrate.ts';
import { BACKUP_FORMAT, BackupWriter, type SequenceValue } from './format.ts';
import { tablesInLoadOrder, writableColumns } from './tables.ts';

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
}

const FETCH_ROWS = 500;

/**
 * Writes every row of every table into `file`, from one snapshot of the database (a repeatable
 * read transaction: writes committed meanwhile are in none of the tables or all of them).
 */
export async function writeBackup<T>(
  db: Kysely<T>,
  engine: DatabaseKind,
  file: string,
): Promise<BackupSummary> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const writer = await BackupWriter.create(file, {
        format: BACKUP_FORMAT,
        createdAt: new Date().toISOString(),
        engine,
        migrations: await appliedMigrations(trx),
      });
      try {
        for (const table of await tablesInLoadOrder(trx)) {
          await writer.startTable({ name: table, columns: await writableColumns(trx, table) });
          await sql`declare backup_rows no scroll cursor for
            select row_to_json(t)::text as json from ${sql.table(table)} as t`.execute(trx);
          for (;;) {
            const batch = await sql<{ json: string }>`
              fetch forward ${sql.raw(String(FETCH_ROWS))} from backup_rows`.execute(trx);
            for (const row of batch.rows) await writer.row(row.json);
            if (batch.rows.length < FETCH_ROWS) break;
          }
          await sql`close backup_rows`.execute(trx);
        }
        const sequences = await sql<SequenceValue>`
          select sequencename as name, last_value::text as value from pg_sequences
          where schemaname = 'public' order by sequencename`.execute(trx);
        await writer.sequences(sequences.rows);
        const rows = await writer.finish();
        return {
          file,
          tables: Object.keys(rows).length,
          rows: Object.values(rows).reduce((sum, n) => sum + n, 0),
        };
      } catch (error) {
        await writer.abort();
        throw error;
      }
    });
}
