import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type CommittedWrite, type OwnWrite, watchCommittedWrites } from './committed-writes.ts';
import { readDataDirDump } from './data-dir-dump.ts';
import { PGliteDialect } from './pglite-dialect.ts';
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
  /** Tells `committed` of each write of this process (committed-writes.ts); returns how to stop. */
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
    fire: (write: OwnWrite | null) => {
      for (const subscriber of subscribers) subscriber(write);
    },
    onCommittedWrite(committed: CommittedWrite) {
      subscribers.add(committed);
      return () => void subscribers.delete(committed);
    },
  };
}

// How this product's connections are named on the server (pg_stat_activity), unless the URL
// names them otherwise: a restore lists the clients still connected.
const applicationName = 'learning-platform';

/** Statement texts sent by name, each parsed and planned once per connection (`sentByName`). */
const statementNames = new Map<string, string>();

/**
 * Has `text` sent to a PostgreSQL server as the named statement `name`: each connection parses and
 * plans it once instead of on every call. For a statement whose planning costs as much as running
 * it (the board's: 3.0 ms a call unnamed, 1.3 ms named, on the bench dataset); plain queries stay
 * unnamed. Not behind a pooler in transaction mode, which may hand the statement to a connection
 * that never saw it (openPostgres). Answers `text`.
 */
export function sentByName(name: string, text: string): string {
  statementNames.set(text, name);
  return text;
}

/** Sends the statements of `sentByName` by name on `client`; everything else as it was. */
function nameStatements(client: pg.PoolClient) {
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((first: unknown, ...rest: unknown[]) => {
    const name = typeof first === 'string' ? statementNames.get(first) : undefined;
    if (name === undefined) return send(first, ...rest);
    return send({ name, text: first, values: rest[0] }, ...rest.slice(1));
  }) as typeof client.query;
}

export interface PostgresOptions {
  /**
   * Where LISTEN goes when `url` is a pooler in transaction mode: the server itself. Given apart
   * from `url`, it also says that `url` is such a pooler: statements are then never named.
   */
  listenUrl?: string;
  /**
   * How long the server lets a transaction of ours sit idle before it ends the session (0: the
   * server's own setting). A process paused mid-transaction (stopped, frozen, swapped out) would
   * otherwise hold its row locks, and every other process waiting on them, for as long as it
   * is paused.
   */
  idleInTransactionMs?: number;
}

/**
 * A PostgreSQL server at `url`, through a pool of `max` connections. A pooled connection keeps no
 * state from one transaction to the next (no session settings or session locks; named statements
 * only when `url` is the server itself), so `url` may be a pooler in transaction mode
 * (PgBouncer); LISTEN then needs the server itself, at `listenUrl`.
 */
export function openPostgres(
  url: string,
  max = 10,
  { listenUrl = url, idleInTransactionMs = 0 }: PostgresOptions = {},
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: applicationName,
    ...(idleInTransactionMs > 0
      ? { idle_in_transaction_session_timeout: idleInTransactionMs }
      : {}),
  });
  // An idle connection the server ended (a restart, a restore's --disconnect-others) leaves the
  // pool; the next query opens another. Unhandled, the error would end the process.
  pool.on('error', () => {});
  // The same for a connection in use: the server may end it between two statements of a
  // transaction (idle too long, a restore). The transaction's next statement fails and the pool
  // drops the connection; unhandled, the error would end the process.
  const pooler = listenUrl !== url;
  pool.on('connect', (client) => {
    client.on('error', () => {});
    if (!pooler) nameStatements(client);
  });
  const commits = commitSignal();
  const dialect = watchCommittedWrites(new PostgresDialect({ pool }), commits.fire);
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    kind: 'postgres',
    onCommittedWrite: commits.onCommittedWrite,
    listen: (channel, listener) => listenOnServer(listenUrl, channel, listener),
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
    const next = new pg.Client({ connectionString: url, application_name: applicationName });
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

/**
 * How much of a WebAssembly function runs before V8 compiles it again with its optimizing
 * compiler, fifty times V8's default: PGlite's start-up ran enough of PostgreSQL to send hundreds
 * of its functions to that compiler, which kept both cores of a small machine busy for about a
 * second of CPU while the server started (a restart: 1.46 s, 1.07 s with this; medians of six).
 * The functions a running server keeps using are still optimized, a little later: `npm run
 * bench`'s uncached board builds are as fast. Set before PGlite compiles its module, whose
 * budget it is.
 */
const WASM_TIERING_BUDGET = 50 * 1_800_000;
setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);

/** PGlite's start options that callers may set (tests start from a dump, with small buffers). */
export interface EmbeddedOptions extends Pick<PGliteOptions, 'loadDataDir' | 'startParams'> {
  /**
   * The path of a dump of a new database (`npm start`'s build makes one, migrated: new-cluster.ts):
   * a data folder that holds no database yet starts from it instead of running PGlite's initdb
   * and the migrations, which were most of a first start. Ignored when the file is not there.
   */
  newClusterDump?: string;
}

/**
 * PGlite's server settings, sized for a small school's machine (1 GB): the whole database runs in
 * this process, and PGlite's defaults (128 MB of shared buffers among them) were made for a
 * server of its own. The product's data is a few hundred MB at most and its hot reads are index
 * lookups, so a small buffer cache (the operating system caches the files too), small sort memory
 * and little WAL kept between checkpoints cost no measured speed (`npm run bench` reports the
 * server's memory beside its speed).
 */
export const EMBEDDED_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...[
    'shared_buffers=16MB',
    'wal_buffers=1MB',
    'work_mem=2MB',
    'maintenance_work_mem=16MB',
    'temp_buffers=2MB',
    'min_wal_size=32MB',
    'max_wal_size=64MB',
  ].flatMap((setting) => ['-c', setting]),
];

/** dataDir null = in memory (tests). */
export async function openEmbedded(
  dataDir: string | null,
  start: EmbeddedOptions = {},
): Promise<DatabaseHandle> {
  const { newClusterDump, ...pgliteStart } = start;
  const options = { startParams: EMBEDDED_START_PARAMS, ...pgliteStart, parsers: embeddedParsers };
  let client: PGlite;
  if (dataDir) {
    const path = resolve(dataDir);
    mkdirSync(path, { recursive: true });
    const fromDump =
      !options.loadDataDir &&
      newClusterDump !== undefined &&
      existsSync(newClusterDump) &&
      !existsSync(join(path, 'PG_VERSION'));
    client = await PGlite.create(
      path,
      fromDump ? { ...options, loadDataDir: await readDataDirDump(newClusterDump) } : options,
    );
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
