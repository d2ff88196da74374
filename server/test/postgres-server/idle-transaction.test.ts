import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../src/db/connection.ts';

// A process stopped in the middle of a transaction (SIGSTOP, a frozen machine) must not hold its
// row locks for as long as it is stopped: the server ends a transaction left idle too long. The
// process itself goes on: the transaction fails, the pool drops that connection and the next
// statement runs on another. Runs in the PostgreSQL-server run only (vitest.config.ts).
const url = process.env.TEST_DATABASE_URL ?? '';
const table = `idle_test_${randomBytes(4).toString('hex')}`;
let database: DatabaseHandle;
let admin: pg.Client;

beforeAll(async () => {
  database = openPostgres(url, 2, { idleInTransactionMs: 300 });
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create table ${table} (id int primary key, note text)`);
  await admin.query(`insert into ${table} values (1, 'before')`);
});
afterAll(async () => {
  await admin.query(`drop table if exists ${table}`);
  await admin.end();
  await database.close();
});

describe('a transaction left idle on the PostgreSQL server', () => {
  it('is ended by the server, freeing its row, and the process goes on', async () => {
    let resume: () => void = () => {};
    const stalled = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let locked: () => void = () => {};
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const transaction = database.db.transaction().execute(async (trx) => {
      await sql`select * from ${sql.table(table)} where id = 1 for update`.execute(trx);
      locked();
      await stalled;
      await sql`update ${sql.table(table)} set note = 'stalled' where id = 1`.execute(trx);
    });

    // Another session takes the row once the server has ended the idle transaction.
    await holding;
    await admin.query(`update ${table} set note = 'other' where id = 1`);

    resume();
    await expect(transaction).rejects.toThrow();
    // The pool goes on with a connection of its own; what the stalled transaction meant to
    // write never reached the row.
    await vi.waitFor(async () => {
      const { rows } = await sql<{ note: string }>`
        select note from ${sql.table(table)} where id = 1`.execute(database.db);
      expect(rows[0]?.note).toBe('other');
    });
  });
});
