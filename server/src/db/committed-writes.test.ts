import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import type { WrittenTables } from './committed-writes.ts';
import type { DatabaseHandle } from './connection.ts';

// What this process learns of its own commits: the tables each one wrote, so that what is kept in
// memory of the others (board versions, kept reads) stays.
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The tables each commit of `write` reported, in order. */
async function reported(write: () => Promise<unknown>): Promise<Array<string[] | null>> {
  const commits: WrittenTables[] = [];
  const stop = database.onCommittedWrite((tables) => commits.push(tables));
  try {
    await write();
  } finally {
    stop();
  }
  return commits.map((tables) => (tables === null ? null : [...tables].sort()));
}

describe('a committed write', () => {
  it('names the tables of a Kysely statement and of a transaction', async () => {
    const { db } = database;
    expect(await reported(() => db.deleteFrom('notes').where('id', '<', 0).execute())).toEqual([
      ['notes'],
    ]);
    expect(
      await reported(() =>
        db.transaction().execute(async (trx) => {
          await trx.deleteFrom('events').where('id', '<', 0).execute();
          await trx.updateTable('courses').set({ active: true }).where('id', '<', 0).execute();
        }),
      ),
    ).toEqual([['courses', 'events']]);
  });

  it('names the one table a raw insert, update or delete begins with', async () => {
    const { db } = database;
    const claim = sql`
      update jobs set status = 'running'
      where id = (select id from jobs where status = 'queued' limit 1 for update skip locked)`;
    expect(await reported(() => claim.execute(db))).toEqual([['jobs']]);
    expect(
      await reported(() => sql`delete from ${sql.table('notes')} where id < 0`.execute(db)),
    ).toEqual([['notes']]);
    expect(
      await reported(() =>
        sql`/* why */ INSERT INTO sign_in_failures (key, failed_at) values ('raw', now())`.execute(
          db,
        ),
      ),
    ).toEqual([['sign_in_failures']]);
  });

  it('is unknown when a raw statement may write elsewhere too', async () => {
    const { db } = database;
    const viaCte = sql`
      with gone as (delete from notes where id < 0 returning id)
      update events set name = name where id in (select id from gone)`;
    expect(await reported(() => viaCte.execute(db))).toEqual([null]);
    expect(
      await reported(() => sql`update public.events set name = name where id < 0`.execute(db)),
    ).toEqual([null]);
  });

  it('is not reported for a read or a rolled back transaction', async () => {
    const { db } = database;
    expect(await reported(() => sql`select count(*) from notes`.execute(db))).toEqual([]);
    const rolledBack = () =>
      db
        .transaction()
        .execute(async (trx) => {
          await trx.deleteFrom('notes').where('id', '<', 0).execute();
          throw new Error('changed my mind');
        })
        .catch(() => {});
    expect(await reported(rolledBack)).toEqual([]);
  });
});
