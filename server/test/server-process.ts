import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { freePort } from './free-port.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** The server as `npm start` runs it (compiled src/main.ts), in its own process. */
export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything the process printed, for failure messages. */
  output(): string;
  /** Kills the process with SIGKILL: no shutdown, no chance to flush anything. */
  kill(): Promise<void>;
  /** Stops it as a deployment would (SIGTERM, drain). */
  stop(): Promise<void>;
  /** Stalls it (SIGSTOP) as an overloaded or swapped-out machine does, until `resume` (SIGCONT). */
  pause(): void;
  resume(): void;
}

async function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await once(child, 'exit');
}

/**
 * Starts the compiled server (test/compiled-server.ts) with `env` on top of a clean environment
 * (no inherited DATABASE_URL and the like) and resolves once /api/health answers 200. Node runs
 * main.js itself, as `npm start` does: no second process between a signal and the server.
 */
export async function startServerProcess(
  env: Record<string, string>,
  args: string[] = [],
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', inject('compiledServer'), ...args],
    {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        WEB_DIST: '',
        LOG_LEVEL: 'warn',
        // A test's database is thrown away: daily backups only where a test asks for them.
        BACKUP_EVERY_HOURS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const server: ServerProcess = {
    url,
    pid: child.pid ?? 0,
    output: () => log,
    async kill() {
      child.kill('SIGKILL');
      await ended(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await ended(child);
    },
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
  };
  try {
    await waitForHealth(url, child, server.output);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}

/** Polls /api/health until it answers 200; fails at once if the process exits first. */
async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const exited = once(child, 'exit').then(() => {
    throw new Error(`The server exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
  });
  exited.catch(() => {});
  for (;;) {
    const answer = await Promise.race([
      fetch(`${url}/api/health`).then(
        (response) => response.status,
        () => null, // not listening yet
      ),
      exited,
    ]);
    if (answer === 200) return;
    if (answer !== null) throw new Error(`/api/health answered ${answer}:\n${output()}`);
    await Promise.race([new Promise((resolve) => setTimeout(resolve, 50)), exited]);
  }
}
