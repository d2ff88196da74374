import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

// A read the server runs very often with only an id changing (the board and its version) spends
// more time being planned than being run: planning the board is ~2.4 ms of its ~4.4 ms on the
// benchmark data. A prepared statement is planned once per database session and its plan kept
// (PostgreSQL switches to the generic plan after a few runs when it costs no more).
// The statements are prepared in SQL (PREPARE … / EXECUTE …), which both engines understand, on
// whichever pooled session runs them, the first time that session needs them.

/** Prepared reads are named so; the commit watcher (committed-writes.ts) knows they only read. */
export const PREPARED_READ_PREFIX = 'lp_read_';

/** A read prepared once per session: its SQL takes integer parameters $1, $2 … */
export interface PreparedRead {
  name: string;
  sql: string;
  /** How many integer parameters it takes. */
  parameters: number;
}

export function preparedRead(name: string, sql: string, parameters: number): PreparedRead {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`Not a statement name: ${name}`);
  return { name: `${PREPARED_READ_PREFIX}${name}`, sql, parameters };
}

/** SQLSTATE 26000: no prepared statement of that name in this session. */
const notPrepared = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '26000';

/**
 * Runs a prepared read with integer arguments (written into the EXECUTE as numbers: they are
 * checked to be integers, so nothing else can reach the SQL). A session that has not seen it yet
 * answers 'not prepared' once; it is prepared there and run again. Outside a transaction only: a
 * failed EXECUTE would end one.
 */
export async function runPreparedRead<R>(
  db: Kysely<Database>,
  read: PreparedRead,
  args: number[],
): Promise<R[]> {
  if (db.isTransaction) throw new Error('Prepared reads run outside transactions');
  if (args.length !== read.parameters || !args.every(Number.isSafeInteger)) {
    throw new Error(`${read.name} takes ${read.parameters} integer arguments`);
  }
  const execute = CompiledQuery.raw(`execute ${read.name}(${args.join(', ')})`);
  try {
    return (await db.executeQuery<R>(execute)).rows;
  } catch (error) {
    if (!notPrepared(error)) throw error;
  }
  // Prepared and run on one session: a pool hands out any of its connections.
  const types = Array.from({ length: read.parameters }, () => 'int').join(', ');
  const prepare = CompiledQuery.raw(`prepare ${read.name}(${types}) as ${read.sql}`);
  return db.connection().execute(async (session) => {
    try {
      return (await session.executeQuery<R>(execute)).rows;
    } catch (error) {
      if (!notPrepared(error)) throw error;
      await session.executeQuery(prepare);
      return (await session.executeQuery<R>(execute)).rows;
    }
  });
}
