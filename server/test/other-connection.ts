import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import { openServerDatabase } from './database-template.ts';
import type { TestContext } from './harness.ts';

/**
 * Writes the way another server process would: on the PostgreSQL server through a pool of its
 * own (other connections, whose commits this app's process does not see); PGlite has one session
 * per process, so there it is the test's own database.
 */
export async function otherConnection(
  ctx: TestContext,
): Promise<{ db: Kysely<Database>; close: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (ctx.database.kind !== 'postgres' || !serverUrl) return { db: ctx.db, close: async () => {} };
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(ctx.db);
  const other = openServerDatabase(serverUrl, rows[0]!.name, 2);
  return { db: other.db, close: other.close };
}
