import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { isPrepared, preparedName } from './prepared.ts';

/**
 * The pool as Kysely sees it, where a statement marked prepared (prepared.ts) is sent as a named
 * statement: node-postgres prepares it once per connection and then only binds and runs it.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      const query = <R>(
        statement: string | PostgresCursor<R>,
        values?: ReadonlyArray<unknown>,
      ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> => {
        if (typeof statement !== 'string') {
          return client.query(statement as never) as unknown as PostgresCursor<R>;
        }
        const parameters = [...(values ?? [])];
        if (!isPrepared(statement)) {
          return client.query(statement, parameters) as unknown as Promise<PostgresQueryResult<R>>;
        }
        return client.query({
          name: preparedName(statement),
          text: statement,
          values: parameters,
        }) as unknown as Promise<PostgresQueryResult<R>>;
      };
      return { query, release: () => client.release() } as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
