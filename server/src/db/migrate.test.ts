import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from './connection.ts';
import {
  appliedMigrations,
  knownMigrations,
  migrateToLatest,
  migrationsWithSchemaOf,
} from './migrate.ts';

// A start on an up-to-date database leaves the migrator out; a pending migration still runs (see
// features/learners/slack-ids-migration.test.ts).

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('migrating at start', () => {
  it('starts on an up-to-date database as it is', async () => {
    await migrateToLatest(database.db);
    expect(await appliedMigrations(database.db)).toEqual(knownMigrations());
  });

  it('refuses a database that ran a migration this version does not know', async () => {
    const { db } = database;
    const newer = '9999-from-a-newer-version';
    await sql`insert into kysely_migration (name, timestamp) values (${newer}, now())`.execute(db);
    await expect(migrateToLatest(db)).rejects.toThrow(newer);
    await sql`delete from kysely_migration where name = ${newer}`.execute(db);
  });

  it("takes a database of the release whose 1040 made repository_work, without 1045's record", async () => {
    const { db } = database;
    const repositoryWork = '1045-repository-work';
    await sql`delete from kysely_migration where name = ${repositoryWork}`.execute(db);
    // Running 1045 again would make the table twice: it is recorded as run instead.
    await migrateToLatest(db);
    expect(await appliedMigrations(db)).toEqual(knownMigrations());
  });
});

describe('the schema a database has', () => {
  const ran = ['1030-changed-tables-in-transaction', '1040-github-activity'];
  it("is 1045's too when 1040 made repository_work", () => {
    expect(migrationsWithSchemaOf(ran, true)).toEqual([...ran, '1045-repository-work']);
  });
  it('is what ran when repository_work is not there yet, so that 1045 runs', () => {
    expect(migrationsWithSchemaOf(ran, false)).toEqual(ran);
  });
});
