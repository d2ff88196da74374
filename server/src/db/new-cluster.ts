import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { migrateToLatest } from './migrate.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

/**
 * A new embedded database with every migration of this version run, as a data-directory dump
 * (an uncompressed tar): what `npm start`'s build leaves beside the server, for a first start on
 * a new data folder to open instead of creating and migrating a database, which took most of
 * that start; the tests start from it too. Nothing in it depends on when or where it was made:
 * the migrations add no rows of their own but lookup values.
 */
export async function migratedClusterDump(): Promise<Uint8Array> {
  const cluster = await PGlite.create();
  try {
    await migrateToLatest(new Kysely<Database>({ dialect: new PGliteDialect(cluster) }));
    // Written out, so that a database started from it has no log to replay.
    await cluster.exec('checkpoint');
    return new Uint8Array(await (await cluster.dumpDataDir('none')).arrayBuffer());
  } finally {
    await cluster.close();
  }
}
