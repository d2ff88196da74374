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

/** Statements at least this long are planned once per session (the board's takes 2 ms to plan). */
const KEEP_PLAN_FROM = 1000;
/** How many kept plans a session holds; the least recently used goes first. */
const PLANS_KEPT = 50;

/**
 * The same statement, run as a prepared one whose plan the session keeps, when every parameter
 * is an integer (written as a quoted literal, which fits any parameter type): PGlite's unnamed
 * statements are planned on every run, and a long statement's plan costs more than running it.
 * Safe here, not on a PostgreSQL server's pool: PGlite is one session that only this process
 * uses. A prepared statement outlives a rollback, and PostgreSQL plans it again after DDL.
 */
class KeptPlans {
  private readonly names = new Map<string, string>();
  private count = 0;

  constructor(private readonly pg: PGlite) {}

  async statementFor(query: CompiledQuery): Promise<string | null> {
    const { sql, parameters } = query;
    if (sql.length < KEEP_PLAN_FROM || parameters.length === 0) return null;
    if (!parameters.every((value) => Number.isSafeInteger(value))) return null;
    let name = this.names.get(sql);
    if (name) this.names.delete(sql);
    else {
      name = `lp_kept_${++this.count}`;
      await this.pg.query(`prepare ${name} as ${sql}`);
      if (this.names.size >= PLANS_KEPT) await this.forgetOldest();
    }
    this.names.set(sql, name);
    return `execute ${name}(${parameters.map((value) => `'${value}'`).join(', ')})`;
  }

  private async forgetOldest() {
    const [sql, name] = this.names.entries().next().value ?? [];
    if (sql === undefined) return;
    this.names.delete(sql);
    await this.pg.query(`deallocate ${name}`);
  }
}

// PGlite runs one query at a time, so one shared connection serialised by a mutex is the whole pool.
class PGliteConnection implements DatabaseConnection {
  private readonly plans: KeptPlans;

  constructor(private readonly pg: PGlite) {
    this.plans = new KeptPlans(pg);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const kept = await this.plans.statementFor(query);
    const result = kept
      ? await this.pg.query<R>(kept)
      : await this.pg.query<R>(query.sql, query.parameters as unknown[]);
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
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
