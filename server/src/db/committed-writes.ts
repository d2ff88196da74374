import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/** Raw SQL that only reads: a select (or with … select) that names no writing command. */
const readsOnly = (sql: string) =>
  /^\s*(--[^\n]*\n\s*)*(select|with|show|explain)\b/i.test(sql) &&
  !/\b(insert|update|delete|merge|truncate)\b/i.test(sql);

function isRead(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  if (kind === 'SelectQueryNode') return true;
  return kind === 'RawNode' && readsOnly(query.sql);
}

/**
 * Wraps a dialect so that `committed` runs after every write of this process has committed:
 * after each commit, and after each writing statement run outside a transaction. What this
 * process changed is then known at once, before its caller continues; other processes' changes
 * arrive as database notifications (see BoardVersions).
 */
export function watchCommittedWrites(dialect: Dialect, committed: () => void): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => new CommitWatchingDriver(dialect.createDriver(), committed),
  };
}

class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  constructor(
    readonly inner: DatabaseConnection,
    private readonly committed: () => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    if (!this.inTransaction && !isRead(query)) this.committed();
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

type SavepointStep = (
  connection: DatabaseConnection,
  name: string,
  compile: QueryCompiler['compileQuery'],
) => Promise<void>;

class CommitWatchingDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, WatchedConnection>();
  // Offered only when the wrapped driver has them: Kysely refuses savepoints without them.
  readonly savepoint?: SavepointStep;
  readonly rollbackToSavepoint?: SavepointStep;
  readonly releaseSavepoint?: SavepointStep;

  constructor(
    private readonly inner: Driver,
    private readonly committed: () => void,
  ) {
    const pass = (step: SavepointStep | undefined): SavepointStep | undefined =>
      step &&
      ((connection, name, compile) =>
        step.call(inner, (connection as WatchedConnection).inner, name, compile));
    this.savepoint = pass(inner.savepoint);
    this.rollbackToSavepoint = pass(inner.rollbackToSavepoint);
    this.releaseSavepoint = pass(inner.releaseSavepoint);
  }

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let watched = this.wrapped.get(connection);
    if (!watched) {
      watched = new WatchedConnection(connection, this.committed);
      this.wrapped.set(connection, watched);
    }
    return watched;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const watched = connection as WatchedConnection;
    await this.inner.beginTransaction(watched.inner, settings);
    watched.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection) {
    const watched = connection as WatchedConnection;
    try {
      await this.inner.commitTransaction(watched.inner);
    } finally {
      watched.inTransaction = false;
      this.committed();
    }
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const watched = connection as WatchedConnection;
    try {
      await this.inner.rollbackTransaction(watched.inner);
    } finally {
      watched.inTransaction = false;
    }
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  destroy() {
    return this.inner.destroy();
  }
}
