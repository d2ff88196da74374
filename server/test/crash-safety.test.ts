import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { freshStore } from './server-store.ts';
import {
  type ApiClient,
  missingWrites,
  planWrites,
  send,
  signIn,
  type Write,
} from './write-stream.ts';

// Issue 9, suite 4: the server killed with SIGKILL in the middle of a stream of writes, then
// started again on the same data, has every write it answered 2xx, and starts cleanly. On the
// embedded database (a data folder, as `npm start` uses it) or, with TEST_DATABASE_URL, on a new
// database of that PostgreSQL server.

const PASSWORD = 'crash-safety-demo';
const WRITERS = 4;
const KILL_AFTER_ACKNOWLEDGED = 24;
// Two starts of a whole server process: seconds when idle, minutes on a loaded machine.
const TIMEOUT_MS = 300_000;

/**
 * Keeps WRITERS requests in flight and kills the server once KILL_AFTER_ACKNOWLEDGED writes have
 * been answered 2xx, so others are under way when it dies. Answers that arrive before the process
 * is gone count as acknowledged too.
 */
async function writeUntilKilled(api: ApiClient, next: () => Write, server: ServerProcess) {
  const acknowledged: Write[] = [];
  let killing: Promise<void> | null = null;
  const writer = async () => {
    while (!killing) {
      const write = next();
      const status = await send(api, write).catch(() => null);
      if (status !== null && status >= 200 && status < 300) acknowledged.push(write);
      if (acknowledged.length >= KILL_AFTER_ACKNOWLEDGED) killing ??= server.kill();
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  await killing;
  return acknowledged;
}

describe('crash safety', () => {
  it(
    'keeps every acknowledged write when the server is killed mid-stream, and starts again',
    async () => {
      const store = await freshStore({ PASSWORD_SIGNIN: 'true', DEMO_PASSWORD: PASSWORD });
      let server = await startServerProcess(store.env, store.args);
      try {
        const before = await signIn(server.url, 'instructor', PASSWORD);
        const next = await planWrites(before, randomId());
        const acknowledged = await writeUntilKilled(before, next, server);

        server = await startServerProcess(store.env, store.args);
        const health = await fetch(`${server.url}/api/health`);
        expect(health.status).toBe(200);
        const after = await signIn(server.url, 'instructor', PASSWORD);
        const lost = await missingWrites(after, acknowledged);
        console.log(
          `crash safety (${store.engine}): ${acknowledged.length} writes acknowledged, lost: ${lost.length}`,
        );
        expect(lost).toEqual([]);
        expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
        expect(new Set(acknowledged.map((write) => write.kind))).toEqual(
          new Set(['note', 'tag', 'move']),
        );
      } finally {
        await server.stop();
        await store.remove();
      }
    },
    TIMEOUT_MS,
  );
});

const randomId = () => randomBytes(3).toString('hex');
