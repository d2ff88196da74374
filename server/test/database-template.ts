import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import pg from 'pg';
import { openPostgres } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { PGliteDialect } from '../src/db/pglite-dialect.ts';
import type { Database } from '../src/db/schema.ts';

/**
 * The migrated database every test file starts from, made once per test run: creating and
 * migrating a database costs seconds, copying a migrated one a fraction of that.
 * `ref` is what a test file needs to make its copy: the path of a PGlite data-directory dump, or
 * the name of a template database on the PostgreSQL server.
 */
export interface DatabaseTemplate {
  ref: string;
  remove(): Promise<void>;
}

export async function createTemplate(serverUrl: string | undefined): Promise<DatabaseTemplate> {
  return serverUrl ? createServerTemplate(serverUrl) : createEmbeddedTemplate();
}

async function createEmbeddedTemplate(): Promise<DatabaseTemplate> {
  const client = await PGlite.create();
  await migrateToLatest(new Kysely<Database>({ dialect: new PGliteDialect(client) }));
  // A checkpoint first, so each copy starts without replaying the migrations' write-ahead log.
  await client.exec('checkpoint');
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = await mkdtemp(join(tmpdir(), 'lp-test-template-'));
  const ref = join(dir, 'pgdata.tar');
  await writeFile(ref, new Uint8Array(await dump.arrayBuffer()));
  return { ref, remove: () => rm(dir, { recursive: true, force: true }) };
}

async function createServerTemplate(serverUrl: string): Promise<DatabaseTemplate> {
  const ref = `lp_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${ref}`);
  const handle = openPostgres(databaseUrl(serverUrl, ref), 1);
  await migrateToLatest(handle.db);
  await handle.close();
  // CREATE DATABASE … TEMPLATE refuses a template that still has a session open.
  await waitUntilUnused(serverUrl, ref);
  return {
    ref,
    remove: () => adminQuery(serverUrl, `drop database if exists ${ref} with (force)`),
  };
}

/** The URL of another database on the server that `serverUrl` points at. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Waits until no session is connected to a database. A pool's end() resolves before its
 * sockets have closed, and the server notices the close a moment later.
 */
export async function waitUntilUnused(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (;;) {
      const open = await admin.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (open.rows[0]?.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await admin.end();
  }
}
