import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../free-port.ts';

/*
 * `npm run test:pgbouncer -w server`: the server suite's core through PgBouncer in transaction
 * mode, the pooler most hosted PostgreSQL offerings put in front of the server. The run starts its
 * own PgBouncer (its own ini and port in a temporary folder) in front of the PostgreSQL server at
 * TEST_DATABASE_URL (default: the local one), points the tests' TEST_DATABASE_URL at it and
 * TEST_DATABASE_LISTEN_URL at the server itself (LISTEN, creating and dropping databases), runs
 * the files below and stops it. Between two transactions a pooled connection may be another
 * server session, so whatever a session keeps (a named statement, a setting) is found missing.
 */

// The reads and writes most requests make, what is kept in memory and forgotten on a
// notification, and parallel requests racing; other files may be named on the command line.
const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      'src/features/board/board.test.ts',
      'src/features/board/board-freshness.test.ts',
      'src/features/learners/learners.test.ts',
      'src/features/cohorts/cohorts.test.ts',
      'test/kept-answers.test.ts',
      'test/concurrency.test.ts',
    ];

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const direct = new URL(process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');

async function startPgBouncer(folder: string, port: number): Promise<ChildProcess> {
  const user = decodeURIComponent(direct.username || 'postgres');
  // Every database name goes to the server: the tests make a database per file. PgBouncer
  // passes on no startup setting but a few it tracks: the server's own sessions get the idle
  // transaction timeout the app asks for (README, DB_IDLE_IN_TRANSACTION_MS).
  const ini = `[databases]
* = host=${direct.hostname} port=${direct.port || 5432} connect_query='SET idle_in_transaction_session_timeout = 30000'

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${join(folder, 'userlist.txt')}
pool_mode = transaction
ignore_startup_parameters = idle_in_transaction_session_timeout
max_client_conn = 500
default_pool_size = 20
; Idle server sessions close soon, so that a test file's database can be dropped when it ends.
server_idle_timeout = 1
log_connections = 0
log_disconnections = 0
`;
  await writeFile(join(folder, 'pgbouncer.ini'), ini);
  await writeFile(join(folder, 'userlist.txt'), `"${user}" ""\n`);
  // PgBouncer refuses to run as root: then it runs as the postgres user, who must read the files.
  await chmod(folder, 0o755);
  const asUser = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
  const child = spawn('pgbouncer', [...asUser, join(folder, 'pgbouncer.ini')], {
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const exited = new Promise<never>((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`pgbouncer stopped (${code}):\n${log}`)));
  });
  exited.catch(() => {});
  await Promise.race([untilAccepting(port), exited]);
  return child;
}

/** Resolves once PgBouncer answers a query (it starts in a moment). */
async function untilAccepting(port: number): Promise<void> {
  const url = pooledUrl(port);
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

function pooledUrl(port: number): string {
  const url = new URL(direct);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return url.toString();
}

function runTests(port: number): Promise<number> {
  const child = spawn('npx', ['vitest', 'run', ...files], {
    cwd: serverDir,
    stdio: 'inherit',
    env: {
      ...process.env,
      TEST_DATABASE_URL: pooledUrl(port),
      TEST_DATABASE_LISTEN_URL: direct.toString(),
    },
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<number> {
  const folder = await mkdtemp(join(tmpdir(), 'lp-pgbouncer-'));
  const port = await freePort();
  let pgbouncer: ChildProcess | null = null;
  try {
    pgbouncer = await startPgBouncer(folder, port);
    console.log(`PgBouncer (transaction mode) on 127.0.0.1:${port} in front of ${direct.host}`);
    return await runTests(port);
  } finally {
    if (pgbouncer && pgbouncer.exitCode === null) {
      const stopped = new Promise((resolve) => pgbouncer?.once('exit', resolve));
      pgbouncer.kill('SIGTERM');
      await stopped;
    }
    await rm(folder, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
