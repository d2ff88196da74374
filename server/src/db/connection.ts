import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import {
  type CommittedWrite,
  type WrittenTables,
  watchCommittedWrites,
} from './committed-writes.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { preparingPool } from './prepared-pool.ts';
import type { Database } from './schema.ts';

export type DatabaseKind = 'embedded' | 'postgres';

/** What a listener hears on a notification channel. */
export interface ChannelListener {
  /** A notification's payload, delivered once its transaction committed. */
  notify(payload: string): void;
  /** Notifications may have been missed (the listening connection was lost, or is back). */
  reset(listening: boolean): void;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Calls `committed` after each write of this process committed; returns how to stop. */
  onCommittedWrite(committed: CommittedWrite): () => void;
  /** Follows NOTIFYs on `channel` (from any connection or process); resolves to stop following. */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// Dates stay 'YYYY-MM-DD' strings and bigint counts become numbers, the same on both engines.
pg.types.setTypeParser(1082, (value: string) => value);
pg.types.setTypeParser(20, (value: string) => Number(value));

/** Subscribers to this process's committed writes. */
function commitSignal() {
  const subscribers = new Set<CommittedWrite>();
  return {
    fire: (tables: WrittenTables) => {
      for (const subscriber of subscribers) subscriber(tables);
    },
    onCommittedWrite(committed: CommittedWrite) {
      subscribers.add(committed);
      return () => void subscribers.delete(committed);
    },
  };
}

export function openPostgres(url: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max });
  const commits = commitSignal();
  const dialect = watchCommittedWrites(
    new PostgresDialect({ pool: preparingPool(pool) }),
    commits.fire,
  );
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    kind: 'postgres',
    onCommittedWrite: commits.onCommittedWrite,
    listen: (channel, listener) => listenOnServer(url, channel, listener),
    close: () => db.destroy(),
  };
}

const reconnectDelayMs = 1000;

/**
 * LISTEN on a connection of its own, outside the pool. When it breaks, the listener is told
 * (it must stop trusting what it heard) and it is opened again a second later.
 */
async function listenOnServer(url: string, channel: string, listener: ChannelListener) {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    const lost = () => {
      if (client !== next) return;
      client = null;
      listener.reset(false);
      next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), reconnectDelayMs);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) listener.notify(message.payload ?? '');
    });
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost();
      throw error;
    }
    if (client === next) listener.reset(true);
  };

  // Unreachable at start: the board asks the database until the connection is back.
  await connect().catch(() => {});
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end();
  };
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
  const commits = commitSignal();
  const dialect = watchCommittedWrites(new PGliteDialect(client), commits.fire);
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    kind: 'embedded',
    onCommittedWrite: commits.onCommittedWrite,
    // One session in this process: every change passes through it, so nothing is ever missed.
    async listen(channel, listener) {
      const unlisten = await client.listen(channel, (payload) => listener.notify(payload));
      listener.reset(true);
      return () => unlisten();
    },
    close: () => db.destroy(),
  };
}

const embeddedParsers = {
  1082: (value: string) => value,
  20: (value: string) => Number(value),
};
