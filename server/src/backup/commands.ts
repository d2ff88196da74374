import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import { openEmbedded, openPostgres } from '../db/connection.ts';
import { backUpThroughServer, serverIsRunning } from './control.ts';
import { type BackupSummary, writeBackup } from './dump.ts';
import { backupFileName, fileStamp } from './files.ts';
import { checkBackup, loadBackup } from './load.ts';
import { type ConnectedClient, describeClient, disconnect, otherClients } from './other-clients.ts';
import { contentsOf, describeContents } from './tables.ts';

/*
 * `npm run backup [-- FILE]` and `npm run restore -- FILE [--force] [--disconnect-others]`
 * (cli.ts): each answers what it did in a sentence, or refuses with a Refusal saying why and what
 * to do.
 */

/** A command that did nothing, and why. */
export class Refusal extends Error {}

const size = (bytes: number) =>
  bytes < 1_000_000 ? `${Math.ceil(bytes / 1000)} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`;

/** A URL without its password, to name a database in a message. */
function shown(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

const hasDatabase = (dataDir: string) => existsSync(join(dataDir, 'PG_VERSION'));

/** Writes a backup of the configured database to `file` (default: BACKUP_DIR, dated). */
export async function backupCommand(config: Config, file?: string): Promise<string> {
  const target = file ? resolve(file) : join(config.backup.dir, backupFileName('manual'));
  if (existsSync(target)) throw new Refusal(`${target} already exists: name another file.`);
  let summary: BackupSummary;
  let how: string;
  if (config.databaseUrl) {
    const database = openPostgres(config.databaseUrl, 1);
    try {
      summary = await writeBackup(database.db, 'postgres', target);
    } finally {
      await database.close();
    }
    how = `the database at ${shown(config.databaseUrl)}`;
  } else {
    const throughServer = await backUpThroughServer(config.dataDir, target);
    if (throughServer) {
      summary = throughServer;
      how = `the running server's database in ${config.dataDir}`;
    } else {
      if (!hasDatabase(config.dataDir))
        throw new Refusal(`There is no database in ${config.dataDir} to back up (DATA_DIR).`);
      const database = await openEmbedded(config.dataDir);
      try {
        summary = await writeBackup(database.db, 'embedded', target);
      } finally {
        await database.close();
      }
      how = `the database in ${config.dataDir}`;
    }
  }
  const bytes = (await stat(target)).size;
  return `Backed up ${how}: ${summary.rows.toLocaleString('en-US')} rows of ${summary.tables} tables in ${target} (${size(bytes)}).`;
}

/**
 * Restores `file` into the configured database, which must be empty unless `force`. On a
 * PostgreSQL server no other client may be connected to it, unless `disconnectOthers`: their
 * connections are then ended first.
 */
export async function restoreCommand(
  config: Config,
  file: string,
  force: boolean,
  disconnectOthers = false,
): Promise<string> {
  const source = resolve(file);
  const { header, rows } = await checkBackup(source);
  const made = `${basename(source)} (made ${header.createdAt} on the ${header.engine === 'embedded' ? 'embedded' : 'PostgreSQL server'} engine, ${rows.toLocaleString('en-US')} rows)`;
  // On the server itself when DATABASE_URL is a pooler: its other clients are the ones to count.
  const serverUrl = config.databaseListenUrl ?? config.databaseUrl;
  return serverUrl
    ? restoreOnServer(config, serverUrl, source, header, made, force, disconnectOthers)
    : restoreEmbedded(config, source, header, made, force);
}

type Header = Awaited<ReturnType<typeof checkBackup>>['header'];

async function restoreOnServer(
  config: Config,
  url: string,
  source: string,
  header: Header,
  made: string,
  force: boolean,
  disconnectOthers: boolean,
): Promise<string> {
  const database = openPostgres(url, 1);
  try {
    const others = await otherClients(database.db);
    if (others.length > 0 && !disconnectOthers) throw connectedRefusal(url, source, others);
    if (others.length > 0) await disconnect(database.db, others);
    const contents = await contentsOf(database.db);
    let saved = '';
    if (contents) {
      const what = `The database at ${shown(url)} already holds ${describeContents(contents)}.`;
      if (!force)
        throw new Refusal(
          `${what} Restoring ${basename(source)} would replace all of it: run again with --force to replace it (what is there is backed up to ${config.backup.dir} first).`,
        );
      const aside = join(config.backup.dir, backupFileName('before-restore'));
      await writeBackup(database.db, 'postgres', aside);
      await sql`drop schema public cascade`.execute(database.db);
      await sql`create schema public`.execute(database.db);
      saved = ` What it held before is in ${aside}.`;
    }
    await loadBackup(database.db, source, header);
    return `Restored ${made} into the database at ${shown(url)}.${saved}`;
  } finally {
    await database.close();
  }
}

function connectedRefusal(url: string, source: string, others: ConnectedClient[]): Refusal {
  const count = others.length === 1 ? 'another client is' : `${others.length} other clients are`;
  const list = others.map((client) => `\n  - ${describeClient(client)}`).join('');
  return new Refusal(
    `Not restored: ${count} connected to the database at ${shown(url)}:${list}\nRestoring ${basename(source)} would replace what they are using: stop the servers (and anything else connected), then restore; or run again with --disconnect-others to end these connections first.`,
  );
}

async function entriesOf(folder: string): Promise<string[] | null> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function restoreEmbedded(
  config: Config,
  source: string,
  header: Header,
  made: string,
  force: boolean,
): Promise<string> {
  const dataDir = resolve(config.dataDir);
  if (await serverIsRunning(dataDir))
    throw new Refusal(
      `The server is running on ${dataDir}: stop it, then restore (a running server's data folder cannot be replaced).`,
    );
  const entries = await entriesOf(dataDir);
  const occupied = entries !== null && entries.length > 0;
  const aside = `${dataDir}-replaced-${fileStamp()}`;
  if (occupied && !force) {
    let what = `The data folder ${dataDir} is not empty (${entries.length} entries).`;
    if (hasDatabase(dataDir)) {
      const current = await openEmbedded(dataDir);
      const contents = await contentsOf(current.db).finally(() => current.close());
      what = `The data folder ${dataDir} already holds a database${contents ? ` with ${describeContents(contents)}` : ''}.`;
    }
    throw new Refusal(
      `${what} Restoring ${basename(source)} would replace all of it: run again with --force to replace it (the folder is then kept as ${aside}).`,
    );
  }
  // Built beside the data folder and moved into place whole: a failed restore leaves no half.
  const building = join(
    dirname(dataDir),
    `.${basename(dataDir)}.restoring-${randomBytes(4).toString('hex')}`,
  );
  try {
    const database = await openEmbedded(building);
    try {
      await loadBackup(database.db, source, header);
    } finally {
      await database.close();
    }
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  }
  let kept = '';
  if (occupied) {
    await rename(dataDir, aside);
    kept = ` What the folder held before is in ${aside}.`;
  } else if (entries !== null) {
    await rmdir(dataDir);
  }
  await rename(building, dataDir);
  return `Restored ${made} into ${dataDir}.${kept}`;
}
