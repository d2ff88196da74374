import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { isPrepared, literalArguments, preparedName } from './prepared.ts';

// PGlite runs one query at a time, so one shared connection serialised by a mutex is the whole pool.
class PGliteConnection implements DatabaseConnection {
  /** The statements prepared in PGlite's one session (PREPARE outlives a rolled-back transaction). */
  private readonly prepared = new Set<string>();

  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.run<R>(query);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  /**
   * A statement marked prepared (prepared.ts) runs as EXECUTE with its arguments written as
   * literals, prepared first in this session; one whose arguments cannot be literals runs as is.
   */
  private async run<R>(query: CompiledQuery) {
    const literals = isPrepared(query.sql) ? literalArguments(query.parameters) : null;
    if (!literals) return this.pg.query<R>(query.sql, query.parameters as unknown[]);
    const name = preparedName(query.sql);
    if (!this.prepared.has(name)) {
      await this.pg.query(`prepare ${name} as ${query.sql}`);
      this.prepared.add(name);
    }
    return this.pg.query<R>(
      literals.length > 0 ? `execute ${name}(${literals.join(', ')})` : `execute ${name}`,
    );
  }

  // biome-ignore lint/correctness/useYield: streaming is not supported by PGlite
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;

  constructor(private readonly pg: PGlite) {
    this.connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {
    await this.pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.releases.push(release);
    return this.connection;
  }

  private readonly releases: Array<() => void> = [];

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.releases.shift()?.();
  }

  async destroy(): Promise<void> {
    await this.pg.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }
  createIntrospector(db: Parameters<Dialect['createIntrospector']>[0]) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
