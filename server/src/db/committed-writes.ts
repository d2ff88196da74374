import {
  AliasNode,
  type CompiledQuery,
  type DatabaseConnection,
  DeleteQueryNode,
  type Dialect,
  type Driver,
  InsertQueryNode,
  type OperationNode,
  type QueryCompiler,
  type QueryResult,
  TableNode,
  type TransactionSettings,
  UpdateQueryNode,
} from 'kysely';

/** The tables a committed write changed; null when they are not known (raw SQL, a CTE). */
export type WrittenTables = ReadonlySet<string> | null;

/** Called after each commit of a write, with what it wrote. */
export type CommittedWrite = (tables: WrittenTables) => void;

/**
 * Raw SQL that only reads: a select (or with … select), after any comments, that names no
 * writing command.
 */
const readsOnly = (sql: string) =>
  /^\s*((--[^\n]*\n|\/\*.*?\*\/)\s*)*(select|with|show|explain)\b/is.test(sql) &&
  !/\b(insert|update|delete|merge|truncate)\b/i.test(sql);

function isRead(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  if (kind === 'SelectQueryNode') return true;
  return kind === 'RawNode' && readsOnly(query.sql);
}

/** A table node's name, through an alias; undefined for anything else (a subquery, say). */
function tableName(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (AliasNode.is(node)) return tableName(node.node);
  return TableNode.is(node) ? node.table.identifier.name : undefined;
}

/**
 * The table a raw insert, update or delete writes, when it begins with its command (no WITH, whose
 * clauses may write elsewhere) and names one table of the default schema; undefined otherwise.
 */
const rawTarget =
  /^\s*(?:(?:--[^\n]*\n|\/\*.*?\*\/)\s*)*(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"([^"]+)"|([a-z_][a-z0-9_$]*))(?=[\s(]|$)/is;

function rawTableOf(sql: string): string | undefined {
  const match = rawTarget.exec(sql);
  if (!match) return undefined;
  return match[1] ?? match[2]?.toLowerCase();
}

/**
 * The tables a Kysely insert, update or delete names, or the one table a raw write begins with
 * (so the job queue's claim, polled every few seconds, is known to write only `jobs`); null when
 * the statement could write elsewhere too (a WITH clause may hold writes of its own).
 */
function tablesOf({ query, sql }: CompiledQuery): string[] | null {
  if (query.kind === 'RawNode') {
    const table = rawTableOf(sql);
    return table === undefined ? null : [table];
  }
  let targets: readonly (OperationNode | undefined)[];
  if (InsertQueryNode.is(query) && !query.with) targets = [query.into];
  else if (UpdateQueryNode.is(query) && !query.with) targets = [query.table];
  else if (DeleteQueryNode.is(query) && !query.with) targets = query.from.froms;
  else return null;
  const names = targets.map(tableName);
  return names.length > 0 && names.every((name) => name !== undefined) ? (names as string[]) : null;
}

/**
 * Wraps a dialect so that `committed` runs after every write of this process has committed:
 * after each commit of a transaction that wrote, and after each writing statement run outside a
 * transaction, with the tables written. What this process changed is then known at once, before
 * its caller continues; other processes' changes arrive as database notifications (see
 * BoardVersions).
 */
export function watchCommittedWrites(dialect: Dialect, committed: CommittedWrite): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => new CommitWatchingDriver(dialect.createDriver(), committed),
  };
}

class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  /** What the open transaction wrote: a set of tables, null once unknown, or nothing yet. */
  written: Set<string> | null | undefined;
  constructor(
    readonly inner: DatabaseConnection,
    private readonly committed: CommittedWrite,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    if (isRead(query)) return result;
    const tables = tablesOf(query);
    if (!this.inTransaction) this.committed(tables && new Set(tables));
    else if (tables === null) this.written = null;
    else if (this.written !== null) {
      this.written ??= new Set();
      for (const table of tables) this.written.add(table);
    }
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
    private readonly committed: CommittedWrite,
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
    watched.written = undefined;
  }

  async commitTransaction(connection: DatabaseConnection) {
    const watched = connection as WatchedConnection;
    const written = watched.written;
    try {
      await this.inner.commitTransaction(watched.inner);
    } finally {
      watched.inTransaction = false;
      watched.written = undefined;
      // A transaction that only read commits nothing anyone needs to hear of.
      if (written !== undefined) this.committed(written);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const watched = connection as WatchedConnection;
    try {
      await this.inner.rollbackTransaction(watched.inner);
    } finally {
      watched.inTransaction = false;
      watched.written = undefined;
    }
  }

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  destroy() {
    return this.inner.destroy();
  }
}
