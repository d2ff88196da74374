import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { migratedClusterDump } from '../src/db/new-cluster.ts';

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

// Kept between runs, named by what makes it: only a run after a migration (or a PGlite upgrade)
// pays for creating a database (PGlite's initdb is most of that) and migrating it.
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const cacheDir = join(serverDir, 'node_modules', '.cache', 'lp-test-template');
const pgliteDir = dirname(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
const madeFrom = [
  join(serverDir, 'src', 'db', 'migrations'),
  join(serverDir, 'src', 'db', 'migrate.ts'),
  join(serverDir, 'src', 'db', 'new-cluster.ts'),
  join(serverDir, 'src', 'db', 'pglite-dialect.ts'),
  fileURLToPath(import.meta.url),
  join(pgliteDir, 'package.json'),
];

async function createEmbeddedTemplate(): Promise<DatabaseTemplate> {
  const ref = join(cacheDir, `${await sourcesHash()}.tar`);
  const kept = await access(ref).then(
    () => true,
    () => false,
  );
  if (!kept) await keepDump(ref, await migratedClusterDump());
  // The dump stays for the next run.
  return { ref, remove: async () => {} };
}

/** Replaces the dumps of older sources; written aside first, so no run reads half a dump. */
async function keepDump(ref: string, dump: Uint8Array): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  const older = (await readdir(cacheDir)).filter((name) => name.endsWith('.tar'));
  await Promise.all(older.map((name) => rm(join(cacheDir, name), { force: true })));
  const partial = `${ref}.${randomBytes(4).toString('hex')}.partial`;
  await writeFile(partial, dump);
  await rename(partial, ref);
}

/** A fingerprint of the names and contents of the files the template is made from. */
async function sourcesHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const path of madeFrom) {
    const files = (await stat(path)).isDirectory()
      ? (await readdir(path)).sort().map((name) => join(path, name))
      : [path];
    for (const file of files) {
      hash.update(relative(serverDir, file)).update('\0');
      hash.update(await readFile(file)).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}

async function createServerTemplate(serverUrl: string): Promise<DatabaseTemplate> {
  const ref = `lp_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${ref}`);
  const handle = openPostgres(databaseUrl(directUrl(serverUrl), ref), 1);
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

/**
 * The server itself, when TEST_DATABASE_URL is a pooler in transaction mode (the PgBouncer run,
 * test/pgbouncer/run.ts): TEST_DATABASE_LISTEN_URL. What needs a session of its own goes there:
 * LISTEN, creating, migrating and dropping databases, counting their sessions.
 */
export function directUrl(serverUrl: string): string {
  return process.env.TEST_DATABASE_LISTEN_URL || serverUrl;
}

/**
 * A database on the PostgreSQL server for the app: pooled as the server pools it (idle
 * transactions ended after the default time), with LISTEN on the server itself.
 */
export function openServerDatabase(serverUrl: string, name: string, max: number) {
  return openPostgres(databaseUrl(serverUrl, name), max, {
    listenUrl: databaseUrl(directUrl(serverUrl), name),
    idleInTransactionMs: loadConfig({}).dbIdleInTransactionMs,
  });
}

export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: directUrl(serverUrl) });
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
  const admin = new pg.Client({ connectionString: directUrl(serverUrl) });
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
