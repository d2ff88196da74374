import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from './connection.ts';
import { appliedMigrations, knownMigrations, migrateToLatest } from './migrate.ts';

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

  it('takes a database that ran 1045-repository-work on its own, now part of 1040', async () => {
    const { db } = database;
    const folded = '1045-repository-work';
    await sql`insert into kysely_migration (name, timestamp) values (${folded}, now())`.execute(db);
    await migrateToLatest(db);
    expect(await appliedMigrations(db)).toEqual(knownMigrations());
  });
});
