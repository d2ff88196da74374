// `npm start` as a school runs it (scripts/start.mjs on the embedded database), timed from the
// command to the first 200 of /api/health: the first ever start (a new data folder: create the
// database, migrate, seed the demo data) and a restart on the same folder (data there, the
// builds up to date). The builds are prepared before (run.ts), so neither start builds anything.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../server/test/free-port.ts';
import { paths } from '../e2e/support/paths.ts';

export interface StartUp {
  firstMs: number;
  restartMs: number;
}

/** How often /api/health is asked while the server starts: the figures' resolution. */
const POLL_MS = 20;
const GIVE_UP_MS = 120_000;

async function untilHealthy(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + GIVE_UP_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output()}`);
    const status = await fetch(`${url}/api/health`).then(
      (response) => response.status,
      () => null,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`npm start did not answer /api/health in ${GIVE_UP_MS / 1000} s:\n${output()}`);
}

/** Runs the start script on `dataDir` until it is healthy; returns the time that took. */
async function timedStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const { DATABASE_URL: _db, NODE_ENV: _env, WEB_DIST: _w, SERVER_DIST: _s, ...env } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, [paths.startScript], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await untilHealthy(`http://127.0.0.1:${port}`, child, () => log);
    return performance.now() - started;
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
}

/** One first start on a new data folder, then a restart on it. */
export async function measureStartUp(): Promise<StartUp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lp-bench-start-'));
  try {
    const firstMs = await timedStart(dataDir);
    const restartMs = await timedStart(dataDir);
    return { firstMs, restartMs };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
