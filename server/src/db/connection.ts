import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

export type DatabaseKind = 'embedded' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

// Dates stay 'YYYY-MM-DD' strings and bigint counts become numbers, the same on both engines.
pg.types.setTypeParser(1082, (value: string) => value);
pg.types.setTypeParser(20, (value: string) => Number(value));

export function openPostgres(url: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/** PGlite's start options that callers may set (tests start from a dump, with small buffers). */
export type EmbeddedOptions = Pick<PGliteOptions, 'loadDataDir' | 'startParams'>;

/** dataDir null = in memory (tests). */
export async function openEmbedded(
  dataDir: string | null,
  start: EmbeddedOptions = {},
): Promise<DatabaseHandle> {
  const options = { ...start, parsers: embeddedParsers };
  let client: PGlite;
  if (dataDir) {
    const path = resolve(dataDir);
    mkdirSync(path, { recursive: true });
    client = await PGlite.create(path, options);
  } else {
    client = await PGlite.create(options);
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return { db, kind: 'embedded', close: () => db.destroy() };
}

const embeddedParsers = {
  1082: (value: string) => value,
  20: (value: string) => Number(value),
};
