import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openEmbedded, openPostgres } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { boardCohortAt, build, DATASET, datasetAt } from './dataset.ts';

// Opens the bench database of an engine, migrated and holding the dataset: written once in one
// transaction, reused by later runs. PostgreSQL: the database lp_bench on the local server
// (BENCH_DATABASE_URL); PGlite: a data directory under bench/.data/. A larger scale
// (`--scale N`, N > 1) has a database and a data directory of its own (lp_bench_x10, pglite-x10),
// so the default dataset is never touched.

export { DATASET };
export type Engine = 'pg' | 'pglite';

const scaleAt = process.argv.indexOf('--scale');
/** N× the cohorts and learners of the dataset (`--scale N`, a whole number, 1 by default). */
export const benchScale = scaleAt < 0 ? 1 : Number(process.argv[scaleAt + 1]);
if (!Number.isInteger(benchScale) || benchScale < 1)
  throw new Error('--scale takes a whole number');
const suffix = benchScale === 1 ? '' : `_x${benchScale}`;

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
  const url = new URL(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lp_bench',
  );
  url.pathname += suffix;
  return url.toString();
}

/** The embedded dataset's folder (BENCH_DATA_DIR: where run.ts tells the compiled server). */
export const benchDataDir =
  process.env.BENCH_DATA_DIR ??
  fileURLToPath(new URL(`./.data/pglite${suffix.replace('_', '-')}`, import.meta.url));

/** The cohort whose board is measured: one of the last, active, with 40 learners. */
export const boardCohortId = boardCohortAt(benchScale);
const size = datasetAt(benchScale);

async function createServerDatabase(url: URL) {
  const name = url.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name.replaceAll('"', '')}"`);
  await admin.end();
}

/** The engine's bench database, with the dataset; `poolSize` connections on a server. */
export async function openBenchDatabase(
  engine: Engine,
  log: (line: string) => void,
  poolSize = 10,
): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  let where: string;
  if (engine === 'pg') {
    const url = new URL(benchDatabaseUrl());
    await createServerDatabase(url);
    handle = openPostgres(url.toString(), poolSize);
    where = url.pathname.slice(1);
  } else {
    handle = await openEmbedded(benchDataDir);
    where = resolve(benchDataDir);
  }
  try {
    await migrateToLatest(handle.db);
    await ensureDataset(handle, where, log);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function ensureDataset(handle: DatabaseHandle, where: string, log: (line: string) => void) {
  const { db } = handle;
  const count = await db
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_staff', '=', false)
    .executeTakeFirstOrThrow();
  if (Number(count.n) === size.learners) {
    log(`dataset: reusing ${where} (${size.learners} learners, ${size.cohorts} cohorts)`);
    return;
  }
  if (Number(count.n) !== 0) {
    throw new Error(`${where} holds other data; remove it (or set BENCH_DATABASE_URL)`);
  }
  const started = Date.now();
  const { tables } = build(Date.now(), benchScale);
  await db.transaction().execute(async (trx) => {
    const run = (text: string, params: unknown[]) =>
      trx.executeQuery(CompiledQuery.raw(text, params));
    for (const table of tables) await table.flush(run);
    for (const table of sequences) {
      await run(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
        [],
      );
    }
  });
  await db.executeQuery(CompiledQuery.raw('analyze', []));
  const total = tables.reduce((sum, table) => sum + table.rows.length, 0);
  log(
    `dataset: generated ${total.toLocaleString('en-US')} rows into ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
