import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type DatabaseHandle, openEmbedded, openPostgres } from '../src/db/connection.ts';
import { copyTemplateTo } from './database.ts';
import { adminQuery, databaseUrl, waitUntilUnused } from './database-template.ts';

export interface Store {
  engine: 'pglite' | 'postgresql';
  env: Record<string, string>;
  args: string[];
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
}

/**
 * A migrated database for a server process, empty of demo data (the server seeds it), with
 * `common` in its environment: a data folder for the embedded database or, with
 * TEST_DATABASE_URL, a new database on that PostgreSQL server. `open` reaches it from the test
 * (on the embedded database only while no server process has it open).
 */
export async function freshStore(common: Record<string, string>): Promise<Store> {
  const template = inject('databaseTemplate');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = await mkdtemp(join(tmpdir(), 'lp-crash-'));
    await copyTemplateTo(dataDir);
    return {
      engine: 'pglite',
      env: { ...common, DATA_DIR: dataDir },
      args: [],
      open: () => openEmbedded(dataDir),
      remove: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `lp_crash_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name} template ${template}`);
  return {
    engine: 'postgresql',
    env: { ...common, DATABASE_URL: databaseUrl(serverUrl, name) },
    args: ['--demo'],
    async open() {
      return openPostgres(databaseUrl(serverUrl, name), 2);
    },
    async remove() {
      await waitUntilUnused(serverUrl, name);
      await adminQuery(serverUrl, `drop database if exists ${name}`);
    },
  };
}
