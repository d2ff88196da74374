import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type DatabaseHandle, openEmbedded } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { hasData, seedDemoData } from '../src/db/seed/demo.ts';

// What `npm start` does on the embedded database, twice: the second start keeps the data.
async function start(dataDir: string) {
  const handle = await openEmbedded(dataDir);
  await migrateToLatest(handle.db);
  const seeded = !(await hasData(handle.db));
  if (seeded) await seedDemoData(handle.db, { password: 'learnops' });
  return { handle, seeded };
}

describe('the embedded database on disk', () => {
  it('keeps its data across restarts and seeds only once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'lp-restart-'));
    try {
      const first = await start(dataDir);
      expect(first.seeded).toBe(true);
      await first.handle.db
        .updateTable('people')
        .set({ first_name: 'Renamed' })
        .where('username', '=', 'student')
        .execute();
      const peopleBefore = await first.handle.db.selectFrom('people').select('id').execute();
      await first.handle.close();

      const second = await start(dataDir);
      expect(second.seeded).toBe(false);
      const student = await second.handle.db
        .selectFrom('people')
        .select('first_name')
        .where('username', '=', 'student')
        .executeTakeFirstOrThrow();
      expect(student.first_name).toBe('Renamed');
      const peopleAfter = await second.handle.db.selectFrom('people').select('id').execute();
      expect(peopleAfter).toHaveLength(peopleBefore.length);
      await second.handle.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

/** Two dumps of one new cluster: one with the table `first`, the next with `second` added. */
async function clusterDumps(first: string, second: string): Promise<[Uint8Array, Uint8Array]> {
  const cluster = await PGlite.create();
  try {
    const dump = async () => {
      await cluster.exec('checkpoint');
      return new Uint8Array(await (await cluster.dumpDataDir('none')).arrayBuffer());
    };
    await cluster.exec(`create table ${first} (id integer)`);
    const withFirst = await dump();
    await cluster.exec(`create table ${second} (id integer)`);
    return [withFirst, await dump()];
  } finally {
    await cluster.close();
  }
}

const tablesOf = async (handle: DatabaseHandle) =>
  (
    await sql<{
      name: string;
    }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(handle.db)
  ).rows.map((row) => row.name);

describe('a first start', () => {
  it('starts a new data folder from the new-cluster dump, and opens a folder with a database as it is', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'lp-new-cluster-'));
    try {
      const [fromDump, fromNewerDump] = await clusterDumps('from_the_dump', 'from_a_newer_dump');
      const dump = join(folder, 'new-cluster.tar');
      const dataDir = join(folder, 'data');
      await writeFile(dump, fromDump);
      const first = await openEmbedded(dataDir, { newClusterDump: dump });
      expect(await tablesOf(first)).toEqual(['from_the_dump']);
      await sql`create table made_here (id integer)`.execute(first.db);
      await first.close();

      await writeFile(dump, fromNewerDump);
      const second = await openEmbedded(dataDir, { newClusterDump: dump });
      expect((await tablesOf(second)).sort()).toEqual(['from_the_dump', 'made_here']);
      await second.close();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
