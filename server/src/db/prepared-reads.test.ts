import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCohort } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { preparedRead, runPreparedRead } from './prepared-reads.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const cohortName = preparedRead('test_cohort_name', 'select name from cohorts where id = $1', 1);

describe('a prepared read', () => {
  it('answers as the statement would, and keeps answering after the data and tables change', async () => {
    const cohort = await createCohort(ctx.db, { name: 'Prepared Cohort' });
    // More runs than the pool has connections: each session prepares it once, then reuses it.
    for (let run = 0; run < 12; run++) {
      expect(await runPreparedRead(ctx.db, cohortName, [cohort.id])).toEqual([
        { name: 'Prepared Cohort' },
      ]);
    }
    await ctx.db
      .updateTable('cohorts')
      .set({ name: 'Renamed' })
      .where('id', '=', cohort.id)
      .execute();
    await sql`alter table cohorts add column prepared_test int`.execute(ctx.db);
    expect(await runPreparedRead(ctx.db, cohortName, [cohort.id])).toEqual([{ name: 'Renamed' }]);
    expect(await runPreparedRead(ctx.db, cohortName, [cohort.id + 10_000])).toEqual([]);
  });

  it('takes only integers, as many as it declares, and refuses to run in a transaction', async () => {
    await expect(runPreparedRead(ctx.db, cohortName, [1.5])).rejects.toThrow(/integer/);
    await expect(runPreparedRead(ctx.db, cohortName, [1, 2])).rejects.toThrow(/integer/);
    await expect(
      ctx.db.transaction().execute((trx) => runPreparedRead(trx, cohortName, [1])),
    ).rejects.toThrow(/outside transactions/);
  });
});
