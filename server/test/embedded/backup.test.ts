import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Refusal, restoreCommand } from '../../src/backup/commands.ts';
import { BackupFileError } from '../../src/backup/format.ts';
import { loadConfig } from '../../src/config.ts';
import { openEmbedded } from '../../src/db/connection.ts';
import { changeData, demoAccountsSignIn, fingerprint } from '../backup-support.ts';
import { copyTemplateTo } from '../database.ts';
import { type ServerProcess, startServerProcess } from '../server-process.ts';

// Issue 16 on the embedded database: `npm run backup` while the server runs, the data folder
// deleted, `npm run restore` and a start give back every row; a restore that would replace
// data, or reads a truncated or foreign file, changes nothing.

const PASSWORD = 'backup-demo';
const repo = fileURLToPath(new URL('../../../', import.meta.url));
let folder: string;
let dataDir: string;
let env: Record<string, string>;
let server: ServerProcess | null = null;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'lp-backup-'));
  dataDir = join(folder, 'data');
  await copyTemplateTo(dataDir);
  env = {
    DATA_DIR: dataDir,
    BACKUP_DIR: join(folder, 'backups'),
    PASSWORD_SIGNIN: 'true',
    DEMO_PASSWORD: PASSWORD,
  };
});
afterAll(async () => {
  await server?.stop();
  await rm(folder, { recursive: true, force: true });
});

/** `npm run <script> -- <args>` in the test's folder (a FILE is relative to it). */
async function npmRun(script: string, ...args: string[]) {
  const { PATH = '', HOME = '' } = process.env;
  return promisify(execFile)('npm', ['--prefix', repo, 'run', '--silent', script, '--', ...args], {
    cwd: folder,
    env: { PATH, HOME, ...env },
  });
}

async function fingerprintOfFolder() {
  const database = await openEmbedded(dataDir);
  try {
    return await fingerprint(database.db);
  } finally {
    await database.close();
  }
}

const config = () => loadConfig({ ...env, INIT_CWD: folder });

describe('backup and restore on the embedded database', () => {
  let backed: Record<string, string>;

  it('brings every row back into a deleted data folder from a backup made while the server ran', async () => {
    server = await startServerProcess(env);
    await changeData(server.url, PASSWORD);

    const { stdout } = await npmRun('backup', 'saved.backup.gz');
    expect(stdout).toContain("Backed up the running server's database");
    expect(stdout).toContain(join(folder, 'saved.backup.gz'));
    await server.stop();
    server = null;
    backed = await fingerprintOfFolder();
    expect(backed.notes).toMatch(/^[1-9]\d* rows/);

    await rm(dataDir, { recursive: true });
    const restored = await restoreCommand(config(), join(folder, 'saved.backup.gz'), false);
    expect(restored).toMatch(/^Restored saved\.backup\.gz \(made .* on the embedded engine/);
    expect(await fingerprintOfFolder()).toEqual(backed);

    server = await startServerProcess(env);
    await demoAccountsSignIn(server.url, PASSWORD);
    await server.stop();
    server = null;
  });

  it('refuses to replace data without --force, and truncated or foreign files, changing nothing', async () => {
    const saved = join(folder, 'saved.backup.gz');
    const before = await fingerprintOfFolder();
    await expect(restoreCommand(config(), saved, false)).rejects.toThrow(
      new RegExp(
        `The data folder ${dataDir} already holds a database with \\d+ tables .*people.* run again with --force`,
      ),
    );

    const whole = await readFile(saved);
    const truncated = join(folder, 'truncated.backup.gz');
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const foreign = join(folder, 'foreign.backup.gz');
    await writeFile(foreign, gzipSync('name,email\nada,ada@example.com\n'));
    const text = join(folder, 'notes.txt');
    await writeFile(text, 'not a backup');
    for (const [file, message] of [
      [truncated, /is incomplete: it ends before its last line/],
      [foreign, /is not a Learning Platform backup \(it has no backup header\)/],
      [text, /is not a Learning Platform backup \(it is not a compressed backup file\)/],
    ] as const) {
      const refused = restoreCommand(config(), file, true);
      await expect(refused).rejects.toThrow(BackupFileError);
      await expect(refused).rejects.toThrow(message);
    }
    await expect(restoreCommand(config(), join(folder, 'missing.gz'), true)).rejects.toThrow(
      /There is no file/,
    );
    expect(await readdir(folder)).not.toContain(expect.stringMatching(/replaced|restoring/));
    expect(await fingerprintOfFolder()).toEqual(before);
  });

  it('refuses to restore while the server runs on the data folder', async () => {
    server = await startServerProcess(env);
    const refused = restoreCommand(config(), join(folder, 'saved.backup.gz'), true);
    await expect(refused).rejects.toThrow(Refusal);
    await expect(refused).rejects.toThrow(/The server is running on .*: stop it/);
  });
});
