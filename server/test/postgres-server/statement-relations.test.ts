import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planRelations, type RunStatement } from '../../src/db/statement-relations.ts';

// Behind a pooler in transaction mode (PgBouncer) each statement outside a transaction may meet
// another server session, and whatever a statement leaves in a session is met by the pooler's
// next client there. Two sessions stand in for the pooler's: outside a transaction the statements
// take turns, inside one they stay. Runs in the PostgreSQL-server run only (vitest.config.ts).
const url = process.env.TEST_DATABASE_URL ?? '';
const sessions = [
  new pg.Client({ connectionString: url }),
  new pg.Client({ connectionString: url }),
];

beforeAll(async () => {
  for (const session of sessions) await session.connect();
});
afterAll(async () => {
  for (const session of sessions) await session.end();
});

/** Runs statements as a pooler in transaction mode would hand them to server sessions. */
function pooled(): RunStatement {
  let turn = 0;
  let held: pg.Client | undefined;
  return async (query: CompiledQuery) => {
    const text = query.sql.trim().toLowerCase();
    const session = held ?? sessions[turn++ % sessions.length]!;
    if (text === 'begin') held = session;
    const result = await session.query(query.sql, [...query.parameters]);
    if (text === 'commit' || text === 'rollback') held = undefined;
    return { rows: result.rows };
  };
}

/** What a statement left in each session: its plan setting and prepared statements. */
async function leftBehind() {
  return Promise.all(
    sessions.map(async (session) => ({
      planCacheMode: (await session.query('show plan_cache_mode')).rows[0].plan_cache_mode,
      prepared: (await session.query('select name from pg_prepared_statements')).rows.length,
    })),
  );
}

describe('the tables a statement reads, asked through a pooler in transaction mode', () => {
  it('are found, and leave every server session as it was', async () => {
    const relations = await planRelations(
      pooled(),
      'select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.oid = $1',
      1,
    );
    expect(relations && [...relations.reads].sort()).toEqual(['pg_class', 'pg_namespace']);
    expect(await leftBehind()).toEqual([
      { planCacheMode: 'auto', prepared: 0 },
      { planCacheMode: 'auto', prepared: 0 },
    ]);
  });

  it('are unknown for a statement that cannot be explained, which leaves nothing behind', async () => {
    expect(await planRelations(pooled(), 'select $1::int / 0 from no_such_table', 1)).toBeNull();
    expect(await planRelations(pooled(), 'listen anything', 0)).toBeNull();
    expect(await leftBehind()).toEqual([
      { planCacheMode: 'auto', prepared: 0 },
      { planCacheMode: 'auto', prepared: 0 },
    ]);
  });
});
