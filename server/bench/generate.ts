import pg from 'pg';
import { openPostgres } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { build, DATASET } from './dataset.ts';

// Creates and migrates the bench database, then writes the dataset in one transaction;
// a database that already holds it is reused.

export { DATASET };

const sequences = [
  'people',
  'cohorts',
  'courses',
  'books',
  'projects',
  'learning_objectives',
  'assessments',
  'learning_records',
  'tags',
  'capstones',
];

export function benchDatabaseUrl() {
  return process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lp_bench';
}

/** Creates, migrates and fills the bench database unless it already holds the dataset. */
export async function ensureDataset(
  log: (line: string) => void,
): Promise<{ boardCohortId: number }> {
  const url = new URL(benchDatabaseUrl());
  const name = url.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name.replaceAll('"', '')}"`);
  await admin.end();

  const handle = openPostgres(url.toString(), 2);
  await migrateToLatest(handle.db);
  await handle.close();

  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  const client = await pool.connect();
  try {
    const count = await client.query<{ n: string }>(
      'select count(*) as n from people where not is_staff',
    );
    const boardCohortId = DATASET.cohorts - 5;
    if (Number(count.rows[0]?.n) === DATASET.learners) {
      log(`dataset: reusing ${name} (${DATASET.learners} learners, ${DATASET.cohorts} cohorts)`);
      return { boardCohortId };
    }
    if (Number(count.rows[0]?.n) !== 0) {
      throw new Error(
        `${name} holds other data; drop it or set BENCH_DATABASE_URL to a new database`,
      );
    }
    const started = Date.now();
    const { tables } = build(Date.now());
    await client.query('begin');
    for (const table of tables) await table.flush(client);
    for (const table of sequences) {
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    }
    await client.query('commit');
    await client.query('analyze');
    const total = tables.reduce((sum, table) => sum + table.rows.length, 0);
    log(
      `dataset: generated ${total.toLocaleString('en-US')} rows into ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    for (const table of tables)
      log(`  ${table.table.padEnd(24)} ${table.rows.length.toLocaleString('en-US').padStart(8)}`);
    return { boardCohortId };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
    await pool.end();
  }
}
