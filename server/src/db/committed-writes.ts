import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { planRelations, type Relations, type RunStatement } from './statement-relations.ts';

/** A write of this process: the announced tables it changed (migration 1030), its transaction. */
export interface OwnWrite {
  tables: readonly string[];
  transaction: string;
}

/** Told of each write of this process once it has committed; null when anything may have changed. */
export type CommittedWrite = (write: OwnWrite | null) => void;

/** The tables a capture's statements read so far; null once one of them is not known. */
const capturing = new AsyncLocalStorage<{ tables: Set<string> | null }>();

/**
 * Runs `read`, collecting the tables every statement it (and whatever it awaits) sends reads, as
 * PostgreSQL plans them: null when one cannot be planned or runs inside a transaction.
 */
export async function captureReads<T>(
  read: () => Promise<T>,
): Promise<{ value: T; tables: ReadonlySet<string> | null }> {
  const capture = { tables: new Set<string>() as Set<string> | null };
  const value = await capturing.run(capture, read);
  return { value, tables: capture.tables };
}

/** Tells a capture under way that its read also depends on these tables (a cached read it used). */
export function noteReads(tables: ReadonlySet<string> | null) {
  const capture = capturing.getStore();
  if (!capture) return;
  if (tables === null) capture.tables = null;
  else for (const table of tables) capture.tables?.add(table);
}

const PLANS_KEPT = 5000;

const CHANGED = CompiledQuery.raw(
  "select current_setting('lp.changed_tables', true) as changed, pg_current_xact_id_if_assigned()::text as transaction",
);

/** What the transaction on `run` has changed so far, if it changed an announced table. */
async function changedTables(run: RunStatement): Promise<OwnWrite | undefined> {
  const { rows } = await run(CHANGED);
  const row = rows[0] as { changed: string | null; transaction: string | null } | undefined;
  const tables = (row?.changed ?? '').split(',').filter(Boolean);
  return tables.length > 0 && row?.transaction
    ? { tables, transaction: row.transaction }
    : undefined;
}

/**
 * Wraps a dialect so that `committed` is told of every write of this process: of each transaction
 * that changed announced tables, read before its COMMIT; a writing statement sent outside a
 * transaction (its plan says so) runs in one of its own for that. It also tells a capture under
 * way (`captureReads`) the tables each statement reads.
 */
export function watchCommittedWrites(dialect: Dialect, committed: CommittedWrite): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => watchedDriver(dialect.createDriver(), committed),
  };
}

function watchedDriver(inner: Driver, committed: CommittedWrite): Driver {
  const wrapped = new WeakMap<DatabaseConnection, WatchedConnection>();
  const plans = new Map<string, Promise<Relations | null>>();
  const relations = (query: CompiledQuery, run: RunStatement) => {
    let plan = plans.get(query.sql);
    if (!plan) {
      plan = planRelations(run, query.sql, query.parameters.length);
      if (plans.size >= PLANS_KEPT) plans.clear();
      plans.set(query.sql, plan);
    }
    return plan;
  };

  class WatchedConnection implements DatabaseConnection {
    inTransaction = false;
    readonly run: RunStatement = (query) => this.inner.executeQuery(query);
    constructor(readonly inner: DatabaseConnection) {}

    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      if (this.inTransaction) {
        noteReads(null);
        return this.inner.executeQuery<R>(query);
      }
      const planned = await relations(query, this.run);
      noteReads(planned?.reads ?? null);
      if (planned === null) {
        // Not plannable (DDL): it runs as it is, and anything may have changed.
        const result = await this.inner.executeQuery<R>(query);
        committed(null);
        return result;
      }
      if (planned.writes.size === 0) return this.inner.executeQuery<R>(query);
      await driver.beginTransaction(this, {});
      try {
        const result = await this.inner.executeQuery<R>(query);
        await driver.commitTransaction(this);
        return result;
      } catch (error) {
        await driver.rollbackTransaction(this).catch(() => {});
        throw error;
      }
    }

    streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
      return this.inner.streamQuery<R>(query, chunkSize);
    }
  }

  // Begin, commit and rollback go to the connection itself; savepoints, sent inside a
  // transaction, may pass through the watched one.
  const own = (connection: DatabaseConnection) => (connection as WatchedConnection).inner;
  const driver: Driver = {
    init: () => inner.init(),
    destroy: () => inner.destroy(),
    savepoint: inner.savepoint?.bind(inner),
    rollbackToSavepoint: inner.rollbackToSavepoint?.bind(inner),
    releaseSavepoint: inner.releaseSavepoint?.bind(inner),
    async acquireConnection() {
      const connection = await inner.acquireConnection();
      const watched = wrapped.get(connection) ?? new WatchedConnection(connection);
      wrapped.set(connection, watched);
      return watched;
    },
    releaseConnection: (connection) => inner.releaseConnection(own(connection)),
    async beginTransaction(connection, settings: TransactionSettings) {
      await inner.beginTransaction(own(connection), settings);
      (connection as WatchedConnection).inTransaction = true;
    },
    async commitTransaction(connection) {
      const watched = connection as WatchedConnection;
      let changed: OwnWrite | undefined;
      try {
        changed = await changedTables(watched.run);
        await inner.commitTransaction(watched.inner);
      } finally {
        watched.inTransaction = false;
      }
      if (changed) committed(changed);
    },
    async rollbackTransaction(connection) {
      (connection as WatchedConnection).inTransaction = false;
      await inner.rollbackTransaction(own(connection));
    },
  };
  return driver;
}
