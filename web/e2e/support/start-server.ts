import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../server/test/free-port.ts';
import { paths } from './paths.ts';

// A first start creates and seeds the database: seconds when idle, minutes on a loaded machine.
const READY_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 10_000;

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(
  url: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `The server exited with code ${child.exitCode} before it was ready:\n${output()}`,
      );
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(
    `The server did not answer ${url}/api/health within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`,
  );
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the compiled server (support/builds.ts) on a free port with a fresh embedded database and the built client;
 * `env` changes its settings (an empty value unsets one).
 */
export async function startServer({
  webDist,
  env = {},
}: {
  webDist: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'lp-e2e-'));
  const {
    DATABASE_URL: _database,
    API_PREFIX: _prefix,
    CORS_ORIGIN: _cors,
    CLIENT_URL: _client,
    ...inherited
  } = process.env;
  const child = spawn(process.execPath, ['--enable-source-maps', paths.serverMain], {
    cwd: paths.server,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      PASSWORD_SIGNIN: 'true',
      DEMO_PASSWORD: 'learnops',
      // Every test file signs in as the demo accounts many times from one address.
      SIGNIN_RATE_LIMIT: '1000',
      // A configured (never contacted) GitHub OAuth app, so the sign-in page offers GitHub.
      GITHUB_CLIENT_ID: 'e2e-client',
      GITHUB_CLIENT_SECRET: 'e2e-secret',
      GITHUB_OAUTH_URL: 'http://127.0.0.1:9',
      // Its data folder is thrown away after the run: no daily backups of it.
      BACKUP_EVERY_HOURS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let watching = false;
  // A server that goes away during its file's tests leaves them only refused connections: its
  // exit and last words are what tell why.
  child.once('exit', (code, signal) => {
    if (!watching) return;
    process.stderr.write(
      `The server at ${url} exited during the tests (code ${code}, signal ${signal}):\n${log}\n`,
    );
  });

  const stop = async () => {
    watching = false;
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, () => log);
    watching = true;
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
