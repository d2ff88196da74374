import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/connection.ts';
import type { Db } from '../../src/db/schema.ts';
import { refreshWork } from '../../src/features/github/index.ts';
import { openTestDatabase } from '../database.ts';
import { eventually } from '../eventually.ts';

// Two transactions add pushes to one repository at once (two delivery jobs, or a backfill beside
// one), the later push first. Each works out what the repository shows from the events it sees;
// the second must wait for the first to commit and then see both, or its commit would keep the
// earlier push and move the learner's card backwards. Runs in the PostgreSQL-server run only
// (vitest.config.ts): the embedded database has one session, so its transactions never overlap.
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const push = (db: Db, repositoryId: number, at: string) =>
  db
    .insertInto('repository_events')
    .values({
      repository_id: repositoryId,
      kind: 'push',
      subject: 'main',
      key: `push:${at}`,
      occurred_at: at,
      title: 'Work',
      head_sha: 'a'.repeat(40),
      state: 'pushed',
    })
    .execute();

describe("a repository's work worked out by two transactions at once", () => {
  it('keeps the latest push, whichever transaction commits last', async () => {
    const { db } = database;
    const repository = await db
      .insertInto('repositories')
      .values({ full_name: 'acme/race', html_url: 'https://github.com/acme/race' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const later = '2026-11-20T10:00:00.000Z';
    const earlier = '2026-11-18T10:00:00.000Z';

    const firstRefreshed = deferred();
    const commitFirst = deferred();
    const first = db.transaction().execute(async (trx) => {
      await push(trx, repository.id, later);
      await refreshWork(trx, [repository.id]);
      firstRefreshed.resolve();
      await commitFirst.promise;
    });
    await firstRefreshed.promise;

    const firstCommitted = deferred();
    let secondRefreshed = false;
    const second = db.transaction().execute(async (trx) => {
      await push(trx, repository.id, earlier);
      await refreshWork(trx, [repository.id]);
      secondRefreshed = true;
      // It commits after the first in any case.
      await firstCommitted.promise;
    });
    // The second has worked its row out, or waits to: either way the first commits now.
    await eventually(async () => {
      const waiting = await sql<{ waiting: boolean }>`
        select exists (select 1 from pg_locks where not granted) as waiting`.execute(db);
      expect(waiting.rows[0]?.waiting || secondRefreshed).toBe(true);
    });
    commitFirst.resolve();
    await first;
    firstCommitted.resolve();
    await second;

    const work = await db
      .selectFrom('repository_work')
      .select(
        sql<string>`to_char(last_push_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI')`.as('at'),
      )
      .where('repository_id', '=', repository.id)
      .executeTakeFirstOrThrow();
    expect(work.at).toBe('2026-11-20T10:00');
  });
});
