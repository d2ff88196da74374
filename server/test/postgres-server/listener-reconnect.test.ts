import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../src/db/connection.ts';
import { CachedReads } from '../../src/lib/cached-reads.ts';
import { followChanges, TABLE_CHANGES_CHANNEL } from '../../src/lib/change-feed.ts';

// A PostgreSQL server can drop the listening connection (a restart, a failover, an idle
// timeout). The app must then stop trusting what it heard, and listen again by itself.
// Runs in the PostgreSQL-server run only (vitest.config.ts): the embedded engine has no
// connection to lose.
const url = process.env.TEST_DATABASE_URL ?? '';
const channel = `listener_test_${randomBytes(4).toString('hex')}`;
let database: DatabaseHandle;
let admin: pg.Client;

beforeAll(async () => {
  database = openPostgres(url, 2);
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
  await database.close();
});

const notify = (payload: string) => admin.query('select pg_notify($1, $2)', [channel, payload]);

/** The server processes that listen on the channel (their last statement was the LISTEN). */
async function listeners(): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where query = $1',
    [`listen "${channel}"`],
  );
  return rows.map((row) => row.pid);
}

describe('following notifications on a PostgreSQL server', () => {
  it('reports the lost connection, listens again by itself and hears what comes after', async () => {
    const heard: string[] = [];
    const states: boolean[] = [];
    const stop = await database.listen(channel, {
      notify: (payload) => heard.push(payload),
      reset: (listening) => states.push(listening),
    });
    try {
      expect(states).toEqual([true]);
      await notify('before');
      await expect.poll(() => heard).toEqual(['before']);

      const [pid] = await listeners();
      expect(pid).toBeDefined();
      await admin.query('select pg_terminate_backend($1)', [pid]);

      await expect.poll(() => states, { timeout: 60_000 }).toEqual([true, false, true]);
      const [again] = await listeners();
      expect(again).toBeDefined();
      expect(again).not.toBe(pid);
      await notify('after');
      await expect.poll(() => heard).toEqual(['before', 'after']);
    } finally {
      await stop();
    }
    expect(await listeners()).toEqual([]);
  });
});

describe('the change feed while its listener is down', () => {
  it('answers nothing from memory, and keeps answers again once it listens again', async () => {
    const { feed, stop } = await followChanges(database);
    const cache = new CachedReads<number>(feed);
    let runs = 0;
    const read = () =>
      cache.read('now', async () => {
        runs++;
        return (await sql<{ n: number }>`select 1 as n`.execute(database.db)).rows[0]!.n;
      });
    const feedListeners = async () =>
      (
        await admin.query<{ pid: number }>(
          'select pid from pg_stat_activity where query = $1 and datname = current_database()',
          [`listen "${TABLE_CHANGES_CHANNEL}"`],
        )
      ).rows.map((row) => row.pid);
    try {
      await read();
      await read();
      expect(runs).toBe(1);

      const [pid] = await feedListeners();
      expect(pid).toBeDefined();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await expect.poll(() => feed.now(), { timeout: 60_000 }).toBeUndefined();
      await read();
      await read();
      expect(runs).toBe(3);

      await expect.poll(() => feed.now(), { timeout: 60_000 }).toBeDefined();
      await read();
      await read();
      expect(runs).toBe(4);
    } finally {
      await stop();
    }
  });
});
