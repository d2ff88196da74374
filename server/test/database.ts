import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type DatabaseHandle, openEmbedded } from '../src/db/connection.ts';
import { readDataDirDump } from '../src/db/data-dir-dump.ts';
import { adminQuery, openServerDatabase, waitUntilUnused } from './database-template.ts';

/**
 * A fresh, migrated database for one test file, copied from the run's template
 * (test/global-setup.ts): an in-memory PGlite started from the template's data directory by
 * default, or a new database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again
 * on close).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('databaseTemplate');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    return openEmbedded(null, { loadDataDir: await readDataDirDump(template), startParams });

  const name = `lp_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name} template ${template}`);
  const handle = openServerDatabase(serverUrl, name, 5);
  return {
    ...handle,
    async close() {
      await handle.close();
      // A forced drop while the pool's sockets are still closing makes the pool report an
      // unhandled error, so wait for them first.
      await waitUntilUnused(serverUrl, name);
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

// A test file's data fits in a few megabytes; PGlite's default 128 MB of shared buffers cost a
// quarter of its start (allocating and growing the memory).
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Fills an empty data folder with the run's migrated template, for a server process on the
 * embedded database: saves it creating and migrating one (PGlite's initdb alone takes seconds).
 */
export async function copyTemplateTo(dataDir: string): Promise<void> {
  const copy = await openEmbedded(dataDir, {
    loadDataDir: await readDataDirDump(inject('databaseTemplate')),
  });
  await copy.close();
}
