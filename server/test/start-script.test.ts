import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDataDirDump } from '../src/db/data-dir-dump.ts';
import { appliedMigrations, knownMigrations } from '../src/db/migrate.ts';
import { PGliteDialect } from '../src/db/pglite-dialect.ts';
import type { Database } from '../src/db/schema.ts';
import { copyTemplateTo } from './database.ts';

// `npm start` (scripts/start.mjs) builds the client and the server only when their sources
// changed, then runs the compiled server.
// The server is compiled into a folder of its own, which starts empty: its first start has to
// build it, and the test then marks it as built from older sources. It has to be inside the
// repository, since the compiled server loads its packages from node_modules.
// The client is built into the repository's web/dist, as `npm start` and the browser tests
// (web/e2e/support/builds.ts) do: building it is most of the cost of a start, so a build in a
// folder of its own would be thrown away, while this one is what the browser tests (run right
// after in `npm test`) and the next `npm start` use. So the first start here builds the client
// only when its sources changed since the last build, and this file never marks it out of date:
// a developer's running `npm start` only ever sees web/dist replaced by a build of the current
// sources, as its own next start would do.
const script = fileURLToPath(new URL('../../scripts/start.mjs', import.meta.url));
const run = promisify(execFile);
let folder: string;
let serverDist: string;
let env: Record<string, string>;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'lp-start-'));
  const cache = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));
  await mkdir(cache, { recursive: true });
  serverDist = await mkdtemp(join(cache, 'lp-start-server-'));
  // A migrated database, which the start fills with the demo data: creating the database on a
  // first start is test/restart.test.ts's part. A run against a PostgreSQL server has no
  // embedded template to copy.
  if (!process.env.TEST_DATABASE_URL) await copyTemplateTo(join(folder, 'data'));
  env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    SERVER_DIST: serverDist,
    DATA_DIR: join(folder, 'data'),
    BACKUP_EVERY_HOURS: '0',
  };
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await rm(serverDist, { recursive: true, force: true });
});

const prepare = async () =>
  (await run(process.execPath, [script, '--prepare-only'], { env })).stdout;

describe('the start script', () => {
  it('builds what is out of date on the first start, and nothing on a restart without source changes', async () => {
    const first = await prepare();
    expect(first).toMatch(/client: (sources changed|up to date)/);
    expect(first).toMatch(/server: sources changed/);
    // What a first start on a new data folder starts its database from (main.ts): migrated.
    const cluster = await PGlite.create({
      loadDataDir: await readDataDirDump(join(serverDist, 'new-cluster.tar')),
    });
    try {
      const db = new Kysely<Database>({ dialect: new PGliteDialect(cluster) });
      expect(await appliedMigrations(db)).toEqual(knownMigrations());
    } finally {
      await cluster.close();
    }

    const restart = await prepare();
    expect(restart).toMatch(/client: up to date .*not rebuilt/);
    expect(restart).toMatch(/server: up to date .*not rebuilt/);
    expect(restart).not.toMatch(/building/);
  });

  it('rebuilds only what was built from other sources', async () => {
    await writeFile(join(serverDist, '.sources-hash'), 'from-older-sources\n');
    const output = await prepare();
    expect(output).toMatch(/client: up to date/);
    expect(output).toMatch(/server: sources changed/);
    expect((await readFile(join(serverDist, '.sources-hash'), 'utf8')).trim()).not.toBe(
      'from-older-sources',
    );
  });

  it('starts the compiled server, which serves the API and the built client', async () => {
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const child = spawn(process.execPath, [script], {
      env: { ...env, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    try {
      await untilRunning(child, () => output);
      expect(output).toMatch(/client: up to date/);
      expect(output).toMatch(/server: up to date/);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      const page = await fetch(`http://127.0.0.1:${port}/cohorts`);
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<div id="root">/);
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    }
  });
});

/** Resolves when the server says it is running; fails at once if the process exits first. */
async function untilRunning(child: ChildProcess, output: () => string) {
  const exited = once(child, 'exit').then(() => {
    throw new Error(`The start script exited (${child.exitCode}):\n${output()}`);
  });
  const running = new Promise<void>((resolve) => {
    const check = () => {
      if (/is running at/.test(output())) resolve();
      else child.stdout?.once('data', check);
    };
    check();
  });
  await Promise.race([running, exited]);
}
