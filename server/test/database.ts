import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DatabaseHandle, openEmbedded, openPostgres } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openEmbedded(null);
    await migrateToLatest(handle.db);
    return handle;
  }
  const name = `lp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 5);
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // The pool's end() resolves before its clients have closed their sockets; a forced drop
      // then kills them mid-close and the pool reports an unhandled error. Wait for them first.
      for (let tries = 0; tries < 50; tries += 1) {
        const open = await cleanup.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (open.rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
