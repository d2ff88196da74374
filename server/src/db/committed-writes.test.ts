import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import { createCohort, createLearner } from '../../test/factories.ts';
import { captureReads } from './committed-writes.ts';
import type { DatabaseHandle } from './connection.ts';
import type { Database } from './schema.ts';

// What this process learns of its own writes: each statement outside a transaction that writes
// (from the Kysely statement's kind or, for raw SQL, PostgreSQL's plan of it) and each
// transaction that wrote, once committed, so that its kept answers are stale at once; and what a
// cached read reads.
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** What `work` reported, a list per committed write: the tables it changed ('*': anything). */
async function reported(work: () => Promise<unknown>): Promise<string[][]> {
  const writes: string[][] = [];
  const stop = database.onCommittedWrite((write) => writes.push(write ? [...write.tables] : ['*']));
  try {
    await work();
  } finally {
    stop();
  }
  return writes;
}

const inTransaction = (work: (trx: Transaction<Database>) => Promise<unknown>) => () =>
  database.db.transaction().execute(work);

describe('a committed write', () => {
  it('is reported once, with the tables it changed, for a statement and for a transaction', async () => {
    const { db } = database;
    expect(await reported(() => db.deleteFrom('notes').where('id', '<', 0).execute())).toEqual([
      ['notes'],
    ]);
    const cohort = await createCohort(db);
    expect(
      await reported(
        inTransaction(async (trx) => {
          await trx
            .updateTable('cohorts')
            .set({ name: 'Renamed' })
            .where('id', '=', cohort.id)
            .execute();
          await trx
            .insertInto('tags')
            .values({ name: `Tag ${cohort.id}` })
            .execute();
          await trx
            .updateTable('cohorts')
            .set({ name: 'Again' })
            .where('id', '=', cohort.id)
            .execute();
        }),
      ),
    ).toEqual([['cohorts', 'tags']]);
  });

  it('names the tables changed through CTEs and cascades too; DDL may change anything', async () => {
    const { db } = database;
    const kyselyWithCte = db
      .with('gone', (w) => w.deleteFrom('notes').where('id', '<', 0).returning('id'))
      .selectFrom('gone')
      .select('id');
    expect(await reported(() => kyselyWithCte.execute())).toEqual([['notes']]);
    const rawWithCte = sql`
      with gone as (delete from tags where name = 'none such' returning 1)
      select count(*) from gone`;
    expect(await reported(() => rawWithCte.execute(db))).toEqual([['tags']]);
    const tag = await db
      .insertInto('tags')
      .values({ name: 'Cascaded' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const learner = await createLearner(db);
    await db
      .insertInto('student_tags')
      .values({ student_id: learner.id, tag_id: tag.id })
      .execute();
    const [deleted] = await reported(() => sql`delete from tags where id = ${tag.id}`.execute(db));
    expect(deleted?.sort()).toEqual(['student_tags', 'tags']);
    expect(await reported(() => sql`create temporary table scratch (id int)`.execute(db))).toEqual([
      ['*'],
    ]);
  });

  it('is not reported for a read, a write of bookkeeping no answer reads, or a rollback', async () => {
    const { db } = database;
    expect(await reported(() => sql`select count(*) from notes`.execute(db))).toEqual([]);
    expect(await reported(() => db.selectFrom('notes').select('id').execute())).toEqual([]);
    expect(
      await reported(inTransaction((trx) => trx.selectFrom('notes').select('id').execute())),
    ).toEqual([]);
    const claim = sql`
      update jobs set status = 'running'
      where id = (select id from jobs where status = 'queued' limit 1 for update skip locked)`;
    expect(await reported(() => claim.execute(db))).toEqual([]);
    expect(
      await reported(() =>
        sql`INSERT INTO sign_in_failures (key, failed_at) values ('raw', now())`.execute(db),
      ),
    ).toEqual([]);
    const rolledBack = inTransaction(async (trx) => {
      await trx.insertInto('tags').values({ name: 'Never given' }).execute();
      throw new Error('changed my mind');
    });
    expect(await reported(() => rolledBack().catch(() => {}))).toEqual([]);
  });
});

describe('a captured read', () => {
  it('names every table its statements read, raw SQL and SQL fragments included', async () => {
    const { db } = database;
    const { tables } = await captureReads(async () => {
      await sql`select count(*) from notes n join people p on p.id = n.student_id where p.id = ${1}`.execute(
        db,
      );
      await db
        .selectFrom('cohorts')
        .select(
          sql<boolean>`exists (select 1 from cohort_coaches cc where cc.cohort_id = cohorts.id)`.as(
            'coached',
          ),
        )
        .execute();
    });
    expect([...(tables ?? [])].sort()).toEqual(['cohort_coaches', 'cohorts', 'notes', 'people']);
  });

  it('is not known when a statement of it runs inside a transaction or cannot be planned', async () => {
    const { db } = database;
    const inTransaction = await captureReads(() =>
      db.transaction().execute((trx) => trx.selectFrom('notes').select('id').execute()),
    );
    expect(inTransaction.tables).toBeNull();
    const unplanned = await captureReads(async () => {
      await db.selectFrom('notes').select('id').execute();
      await sql`show time zone`.execute(db);
    });
    expect(unplanned.tables).toBeNull();
  });
});
