import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl } from '../../test/database-template.ts';
import { createCohort } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { openPostgres } from './connection.ts';
import { markPrepared, preparedName } from './prepared.ts';
import type { Database } from './schema.ts';

// A statement marked prepared is planned once per session and then only run: seen in the
// session's pg_prepared_statements. On the PostgreSQL server through a pool of one connection,
// so that the statement and the look at the session's statements share it.
let ctx: TestContext;
let db: Kysely<Database>;
let close = async () => {};

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.db;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (ctx.database.kind === 'postgres' && serverUrl) {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(ctx.db);
    const single = openPostgres(databaseUrl(serverUrl, rows[0]!.name), 1);
    db = single.db;
    close = single.close;
  }
});
afterAll(async () => {
  await close();
  await ctx.close();
});

const cohortName = markPrepared('select name from cohorts where id = $1 and active = $2');
const read = (id: number, active: unknown = true) =>
  db.executeQuery<{ name: string }>(CompiledQuery.raw(cohortName, [id, active]));
const preparedHere = async () =>
  (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(db)).rows.map(
    (row) => row.name,
  );

describe('a statement marked prepared', () => {
  it('is prepared once in the session and answers as the statement would', async () => {
    const cohort = await createCohort(ctx.db, { name: 'Prepared Cohort' });
    expect(await preparedHere()).not.toContain(preparedName(cohortName));
    for (let run = 0; run < 8; run++) {
      expect((await read(cohort.id)).rows).toEqual([{ name: 'Prepared Cohort' }]);
    }
    expect((await preparedHere()).filter((name) => name === preparedName(cohortName))).toEqual([
      preparedName(cohortName),
    ]);
    expect((await read(cohort.id, false)).rows).toEqual([]);
  });

  it('follows changes to the data and the tables, and runs inside a transaction', async () => {
    const cohort = await createCohort(ctx.db, { name: 'Before' });
    await read(cohort.id);
    await db.updateTable('cohorts').set({ name: 'After' }).where('id', '=', cohort.id).execute();
    await sql`alter table cohorts add column prepared_test int`.execute(db);
    expect((await read(cohort.id)).rows).toEqual([{ name: 'After' }]);
    const inTransaction = await db
      .transaction()
      .execute((trx) =>
        trx.executeQuery<{ name: string }>(CompiledQuery.raw(cohortName, [cohort.id, true])),
      );
    expect(inTransaction.rows).toEqual([{ name: 'After' }]);
  });

  it('takes text arguments too, never written into the statement', async () => {
    const named = markPrepared('select id from cohorts where name = $1');
    const cohort = await createCohort(ctx.db, { name: "O'Brien Cohort" });
    const answer = await db.executeQuery<{ id: number }>(
      CompiledQuery.raw(named, ["O'Brien Cohort"]),
    );
    expect(answer.rows).toEqual([{ id: cohort.id }]);
  });
});
