import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.ts';
import type { DatabaseHandle } from '../../db/connection.ts';
import { migrateToLatest } from '../../db/migrate.ts';

// A database from before Slack member IDs were personal, where two people share one.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('migration 0630: personal Slack member IDs', () => {
  it('clears an ID shared by several people (with an audit row each) and then keeps IDs unique', async () => {
    const { db } = database;
    // The test database is migrated to the latest: go back to just before this migration.
    await db.schema.dropIndex('people_slack_handle_key').execute();
    await sql`delete from kysely_migration where name = '0630-personal-slack-ids'`.execute(db);
    const person = (username: string, slack_handle: string | null) =>
      db
        .insertInto('people')
        .values({ username, slack_handle })
        .returning('id')
        .executeTakeFirstOrThrow();
    const first = await person('share1', 'U0SHARED');
    const second = await person('share2', 'u0shared');
    const alone = await person('alone', 'U0ALONE');
    await migrateToLatest(db);

    const handles = await db
      .selectFrom('people')
      .select(['id', 'slack_handle'])
      .where('id', 'in', [first.id, second.id, alone.id])
      .orderBy('id')
      .execute();
    expect(handles).toEqual([
      { id: first.id, slack_handle: null },
      { id: second.id, slack_handle: null },
      { id: alone.id, slack_handle: 'U0ALONE' },
    ]);
    const audit = await db
      .selectFrom('audit_log')
      .select(['entity_id', 'before'])
      .where('entity', '=', 'person')
      .orderBy('entity_id')
      .execute();
    expect(audit).toEqual([
      { entity_id: String(first.id), before: { slack_handle: 'U0SHARED' } },
      { entity_id: String(second.id), before: { slack_handle: 'u0shared' } },
    ]);
    await expect(
      db
        .updateTable('people')
        .set({ slack_handle: 'u0alone' })
        .where('id', '=', first.id)
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
