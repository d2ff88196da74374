import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../src/db/connection.ts';
import { board } from '../../src/features/board/board.repository.ts';
import { openTestDatabase } from '../database.ts';
import { databaseUrl } from '../database-template.ts';

// The board's statement is parsed and planned once per connection of a PostgreSQL server (a named
// statement), except behind a pooler in transaction mode (DATABASE_LISTEN_URL given apart), where
// the next transaction may run on a server session that never saw it. Runs in the
// PostgreSQL-server run only (vitest.config.ts).
let database: DatabaseHandle;
let url = '';
const opened: DatabaseHandle[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
    database.db,
  );
  url = databaseUrl(process.env.TEST_DATABASE_URL ?? '', rows[0]!.name);
});
afterAll(async () => {
  await Promise.all(opened.map((handle) => handle.close()));
  await database.close();
});

/** One connection, so that the statement and the question about it share a session. */
function openOneConnection(listenUrl?: string) {
  const handle = openPostgres(url, 1, listenUrl ? { listenUrl } : {});
  opened.push(handle);
  return handle.db;
}

async function preparedHere(db: ReturnType<typeof openOneConnection>) {
  const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(db);
  return rows.map((row) => row.name);
}

describe('the board statement on a PostgreSQL server', () => {
  it('is a named statement of the connection, prepared once for every read', async () => {
    const db = openOneConnection();
    for (let read = 0; read < 3; read += 1) await board(db, 1);
    expect(await preparedHere(db)).toEqual(['board']);
  });

  it('stays unnamed behind a pooler, whose LISTEN goes to the server itself', async () => {
    const direct = new URL(url);
    direct.searchParams.set('application_name', 'learning-platform-listen');
    const db = openOneConnection(direct.toString());
    await board(db, 1);
    expect(await preparedHere(db)).toEqual([]);
  });
});
