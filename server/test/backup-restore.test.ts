import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { backupCommand, restoreCommand } from '../src/backup/commands.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openEmbedded, openPostgres } from '../src/db/connection.ts';
import type { Database } from '../src/db/schema.ts';
import { queueSlackMessages } from '../src/jobs/slack-messages.ts';
import { fingerprint } from './backup-support.ts';
import { copyTemplateTo } from './database.ts';
import { adminQuery, databaseUrl, waitUntilUnused } from './database-template.ts';
import { FakeSlack } from './fake-slack.ts';
import { startServerProcess } from './server-process.ts';

// `npm run backup` and `npm run restore`, on the embedded engine (a data folder), or on the
// PostgreSQL server with TEST_DATABASE_URL: what a backup holds comes back whole, the job queue
// included.

const ROWS = 1_234;
const serverUrl = process.env.TEST_DATABASE_URL;
const name = `lp_backup_large_${randomBytes(6).toString('hex')}`;
let folder: string;

/** Where the test's database lives, for the commands and to look into it. */
const place = serverUrl
  ? {
      env: () => ({ DATABASE_URL: databaseUrl(serverUrl, name), BACKUP_DIR: folder }),
      config() {
        return loadConfig(this.env());
      },
      create: () =>
        adminQuery(serverUrl, `create database ${name} template ${inject('databaseTemplate')}`),
      open: (): DatabaseHandle => openPostgres(databaseUrl(serverUrl, name), 1),
      async remove() {
        await waitUntilUnused(serverUrl, name);
        await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      },
      async makeEmpty() {
        await this.remove();
        await adminQuery(serverUrl, `create database ${name}`);
      },
    }
  : {
      env: () => ({ DATA_DIR: join(folder, 'data'), BACKUP_DIR: folder }),
      config() {
        return loadConfig(this.env());
      },
      create: () => copyTemplateTo(join(folder, 'data')),
      open: (): Promise<DatabaseHandle> => openEmbedded(join(folder, 'data')),
      remove: async () => {},
      makeEmpty: () => rm(join(folder, 'data'), { recursive: true }),
    };

async function inDatabase<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const database = await place.open();
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const bulkRows = async (db: Kysely<Database>) =>
  Number(
    (
      await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('action', '=', 'bulk')
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'lp-backup-large-'));
  await place.create();
});
afterAll(async () => {
  await place.remove();
  await rm(folder, { recursive: true, force: true });
});

/** A backup of the database as it is now, restored into an empty one. */
async function backupAndRestore(fileName: string) {
  const file = join(folder, fileName);
  expect(await backupCommand(place.config(), file)).toMatch(/^Backed up /);
  await place.makeEmpty();
  expect(await restoreCommand(place.config(), file, false)).toMatch(
    new RegExp(`^Restored ${fileName.replaceAll('.', '\\.')}`),
  );
}

// Rows are read and written a batch at a time (500 rows): a table of two full batches and a part
// of one must come back whole and identical.
describe('a table larger than one batch', () => {
  it('comes back whole and identical after a backup and a restore', async () => {
    // Rows that differ in every column, with nulls, quotes, line breaks and accents.
    const before = await inDatabase(async (db) => {
      await sql`insert into audit_log (action, entity, entity_id, before, after, created_at)
        select 'bulk', 'row ' || n, case when n % 3 = 0 then null else n::text end,
          case when n % 2 = 0 then null
            else jsonb_build_object('n', n, 'text', E'a "quoted"\nline ' || repeat('é', n % 7)) end,
          jsonb_build_object('n', n),
          timestamptz '2026-01-01 00:00:00Z' + n * interval '1 second'
        from generate_series(1, ${ROWS}) as n`.execute(db);
      return { print: await fingerprint(db), bulk: await bulkRows(db) };
    });
    expect(before.bulk).toBe(ROWS);

    await backupAndRestore('large.backup.gz');

    const after = await inDatabase(async (db) => ({
      print: await fingerprint(db),
      bulk: await bulkRows(db),
    }));
    expect(after.bulk).toBe(ROWS);
    expect(after.print).toEqual(before.print);
  });
});

describe('a job queued before a backup', () => {
  it('runs once the backup is restored and a server starts on it', async () => {
    const slack = await new FakeSlack().start();
    try {
      // Queued while no server runs: it waits in the database, as it would for a busy worker.
      const text = `Queued before the backup ${randomBytes(4).toString('hex')}`;
      await inDatabase((db) =>
        queueSlackMessages(db, true, { cohortId: null, createdBy: null }, [
          { channel: 'UQUEUED', to: 'Ada Lovelace', text },
        ]),
      );
      await backupAndRestore('queued.backup.gz');

      const server = await startServerProcess({
        ...place.env(),
        SLACK_API_URL: slack.url,
        SLACK_BOT_TOKEN: 'xoxb-test',
      });
      try {
        await vi.waitFor(
          () => expect(slack.messages.filter((m) => m.text === text)).toHaveLength(1),
          { timeout: 120_000, interval: 50 },
        );
      } finally {
        await server.stop();
      }
    } finally {
      await slack.stop();
    }
  }, 300_000);
});
