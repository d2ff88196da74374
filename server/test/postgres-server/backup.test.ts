import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupCommand, Refusal, restoreCommand } from '../../src/backup/commands.ts';
import { loadConfig } from '../../src/config.ts';
import { openPostgres } from '../../src/db/connection.ts';
import { changeData, demoAccountsSignIn, fingerprint } from '../backup-support.ts';
import { adminQuery, databaseUrl, waitUntilUnused } from '../database-template.ts';
import { type ServerProcess, startServerProcess } from '../server-process.ts';

// Issue 16 on a PostgreSQL server: `npm run backup` with DATABASE_URL while the server runs, the
// database dropped and created empty, `npm run restore` and a start give back every row; a
// restore over data needs --force and first saves what it replaces; a restore while a server is
// connected is refused unless told to end its connections. A scratch database of its own, so
// nothing else on the server is touched.

const PASSWORD = 'backup-demo';
const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const name = `lp_backup_${randomBytes(6).toString('hex')}`;
const url = databaseUrl(serverUrl, name);
let folder: string;
let server: ServerProcess | null = null;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'lp-backup-pg-'));
  await adminQuery(serverUrl, `create database ${name} template ${inject('databaseTemplate')}`);
});
afterAll(async () => {
  await server?.stop();
  await waitUntilUnused(serverUrl, name);
  await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  await rm(folder, { recursive: true, force: true });
});

const env = { DATABASE_URL: url, PASSWORD_SIGNIN: 'true', DEMO_PASSWORD: PASSWORD };
const config = () => loadConfig({ ...env, BACKUP_DIR: join(folder, 'backups') });

async function fingerprintOfDatabase() {
  const database = openPostgres(url, 1);
  try {
    return await fingerprint(database.db);
  } finally {
    await database.close();
  }
}

async function recreateEmpty() {
  await waitUntilUnused(serverUrl, name);
  await adminQuery(serverUrl, `drop database ${name}`);
  await adminQuery(serverUrl, `create database ${name}`);
}

describe('backup and restore on a PostgreSQL server', () => {
  it('brings every row back into an empty database from a backup made while the server ran', async () => {
    server = await startServerProcess(env, ['--demo']);
    await changeData(server.url, PASSWORD);
    const file = join(folder, 'saved.backup.gz');
    const said = await backupCommand(config(), file);
    expect(said).toMatch(
      /^Backed up the database at postgres:\/\/.*: [\d,]+ rows of \d+ tables in /,
    );
    await server.stop();
    server = null;
    const backed = await fingerprintOfDatabase();

    await recreateEmpty();
    expect(await restoreCommand(config(), file, false)).toMatch(
      /^Restored saved\.backup\.gz \(made .* on the PostgreSQL server engine/,
    );
    expect(await fingerprintOfDatabase()).toEqual(backed);

    server = await startServerProcess(env, ['--demo']);
    await demoAccountsSignIn(server.url, PASSWORD);
    await server.stop();
    server = null;
  });

  it('replaces data only with --force, after saving it, and refuses a truncated file', async () => {
    const file = join(folder, 'saved.backup.gz');
    const before = await fingerprintOfDatabase();
    await expect(restoreCommand(config(), file, false)).rejects.toThrow(
      /The database at postgres:\/\/.* already holds \d+ tables .* run again with --force/,
    );
    const truncated = join(folder, 'truncated.backup.gz');
    const whole = await readFile(file);
    await writeFile(truncated, whole.subarray(0, whole.length - 40));
    await expect(restoreCommand(config(), truncated, true)).rejects.toThrow(/is incomplete/);
    expect(await fingerprintOfDatabase()).toEqual(before);

    expect(await restoreCommand(config(), file, true)).toMatch(/What it held before is in /);
    const saved = await readdir(join(folder, 'backups'));
    expect(saved).toEqual([
      expect.stringMatching(/^learning-platform-.*-before-restore\.backup\.gz$/),
    ]);
  });

  it('refuses while a server is connected, naming it; --disconnect-others ends its connections first', async () => {
    const file = join(folder, 'saved.backup.gz');
    server = await startServerProcess(env, []);
    const before = await fingerprintOfDatabase();

    const refused = restoreCommand(config(), file, true);
    await expect(refused).rejects.toThrow(Refusal);
    await expect(refused).rejects.toThrow(
      /^Not restored: (another client is|\d+ other clients are) connected to the database at postgres:\/\/[^\n]*\n {2}- 'learning-platform' \(postgres from 127\.0\.0\.1, connected since \d{4}-.*run again with --disconnect-others/s,
    );
    expect(await fingerprintOfDatabase()).toEqual(before);

    const restored = await restoreCommand(config(), file, true, true);
    expect(restored).toMatch(/^Restored saved\.backup\.gz .*What it held before is in /);
    expect(await fingerprintOfDatabase()).toEqual(before);
    await server.stop();
    server = null;
  });
});
