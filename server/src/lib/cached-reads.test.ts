import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeHeard } from '../../test/change-heard.ts';
import { openTestDatabase } from '../../test/database.ts';
import { databaseUrl } from '../../test/database-template.ts';
import { type DatabaseHandle, openPostgres } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { CachedReads } from './cached-reads.ts';
import { type ChangeFeed, followChanges } from './change-feed.ts';

// A cached read on the change feed, on a database of its own: it watches the tables its
// statements read (no list to keep), answers from memory while none of them changed, and sees a
// change made through another connection (another server process) once the feed heard it.
let database: DatabaseHandle;
let feed: ChangeFeed;
let stopFeed: () => Promise<void>;
/** Another connection: on the PostgreSQL server a pool of its own; PGlite has one session. */
let elsewhere: Kysely<Database>;
let closeElsewhere = async () => {};

beforeAll(async () => {
  database = await openTestDatabase();
  ({ feed, stop: stopFeed } = await followChanges(database));
  const serverUrl = process.env.TEST_DATABASE_URL;
  elsewhere = database.db;
  if (database.kind === 'postgres' && serverUrl) {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
      database.db,
    );
    const other = openPostgres(databaseUrl(serverUrl, rows[0]!.name), 1);
    elsewhere = other.db;
    closeElsewhere = other.close;
  }
});
afterAll(async () => {
  await closeElsewhere();
  await stopFeed();
  await database.close();
});

/**
 * Resolves once every announcement of the writes before it has been heard: announcements arrive
 * in commit order, so a write through another connection (never taken for this process's own)
 * moving the feed on comes after all of them. A test's late announcement would otherwise be
 * heard in the next one, as a change that test did not make.
 */
let settled = 0;
async function allHeard(): Promise<void> {
  const heard = changeHeard(feed, 'tags');
  await elsewhere
    .insertInto('tags')
    .values({ name: `Settled ${++settled}` })
    .execute();
  await heard;
}

afterEach(allHeard);

/** A read of the note types' names, counting how often it really ran. */
function noteTypeNames() {
  let runs = 0;
  const load = async () => {
    runs++;
    const { rows } = await sql<{ label: string }>`select label from note_types order by id`.execute(
      database.db,
    );
    return rows.map((row) => row.label).join(',');
  };
  return { load, runs: () => runs };
}

describe('a cached read', () => {
  it('watches the tables its statements read, with no list kept by hand', async () => {
    const cache = new CachedReads<number>(feed);
    await cache.read('learners', async () => {
      const [row] = await database.db
        .selectFrom('people')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(
          sql<boolean>`exists (select 1 from cohort_memberships m where m.person_id = people.id)`,
        )
        .execute();
      return Number(row?.count ?? 0);
    });
    expect([...(cache.watched('learners') ?? [])].sort()).toEqual(['cohort_memberships', 'people']);
  });

  it('is answered from memory until a table it reads changes through another connection', async () => {
    const cache = new CachedReads<string>(feed);
    const read = noteTypeNames();
    const before = await cache.read('note types', read.load);
    expect(await cache.read('note types', read.load)).toBe(before);
    expect(read.runs()).toBe(1);

    // A table it does not read leaves it kept.
    const unrelated = changeHeard(feed, 'tags');
    await elsewhere.insertInto('tags').values({ name: 'Unrelated' }).execute();
    await unrelated;
    expect(await cache.read('note types', read.load)).toBe(before);
    expect(read.runs()).toBe(1);

    const heard = changeHeard(feed, 'note_types');
    await elsewhere
      .updateTable('note_types')
      .set({ label: 'Renamed elsewhere' })
      .where('id', '=', 1)
      .execute();
    await heard;
    expect(await cache.read('note types', read.load)).toContain('Renamed elsewhere');
    expect(read.runs()).toBe(2);
  });

  it("shows this process's own write on the next read, with no wait", async () => {
    const cache = new CachedReads<string>(feed);
    const read = noteTypeNames();
    await cache.read('own write', read.load);
    await database.db
      .updateTable('note_types')
      .set({ label: 'Renamed here' })
      .where('id', '=', 1)
      .execute();
    expect(await cache.read('own write', read.load)).toContain('Renamed here');
  });

  it('shares one read among callers arriving while it runs, and never one begun before a change', async () => {
    const cache = new CachedReads<string>(feed);
    const read = noteTypeNames();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowLoad = async () => {
      await held;
      return read.load();
    };
    const callers = [cache.read('shared', slowLoad), cache.read('shared', slowLoad)];
    // A change heard meanwhile: the caller after it must not take the read begun before.
    const heard = changeHeard(feed, 'note_types');
    await elsewhere
      .updateTable('note_types')
      .set({ label: 'Renamed meanwhile' })
      .where('id', '=', 1)
      .execute();
    await heard;
    callers.push(cache.read('shared', slowLoad));
    release();
    const answers = await Promise.all(callers);
    expect(read.runs()).toBe(2);
    expect(answers[2]).toContain('Renamed meanwhile');
  });

  it("keeps an answer read after this process's own write when the write's announcement arrives", async () => {
    const cache = new CachedReads<string>(feed);
    const read = noteTypeNames();
    const heard = changeHeard(feed, 'note_types');
    await database.db
      .updateTable('note_types')
      .set({ label: 'Renamed before reading' })
      .where('id', '=', 1)
      .execute();
    expect(await cache.read('after own write', read.load)).toContain('Renamed before reading');
    await heard;
    await cache.read('after own write', read.load);
    expect(read.runs()).toBe(1);
  });

  it('keeps nothing while the listener is down, and trusts nothing kept before', async () => {
    const cache = new CachedReads<string>(feed);
    const read = noteTypeNames();
    await cache.read('down', read.load);
    feed.setListening(false);
    try {
      await cache.read('down', read.load);
      await cache.read('down', read.load);
      expect(read.runs()).toBe(3);
    } finally {
      feed.setListening(true);
    }
    await cache.read('down', read.load);
    await cache.read('down', read.load);
    expect(read.runs()).toBe(4);
  });

  it('adds the tables of a cached read it uses to its own', async () => {
    const cache = new CachedReads<unknown>(feed);
    const inner = () =>
      cache.read(
        'inner',
        async () => (await sql`select count(*) from tags`.execute(database.db)).rows,
      );
    await inner();
    await cache.read('outer', async () => {
      await sql`select count(*) from note_types`.execute(database.db);
      return inner();
    });
    expect([...(cache.watched('outer') ?? [])].sort()).toEqual(['note_types', 'tags']);
  });
});
