import { type Kysely, sql } from 'kysely';

/*
 * The other clients connected to a PostgreSQL database: a restore replaces what they are using,
 * so it names them, and ends their connections only when told to.
 */

export interface ConnectedClient {
  pid: number;
  application: string;
  user: string | null;
  address: string | null;
  since: Date | null;
}

/** Every client session on the database `db` is connected to, but its own. */
export async function otherClients<T>(db: Kysely<T>): Promise<ConnectedClient[]> {
  const { rows } = await sql<ConnectedClient>`
    select pid, application_name as application, usename as user,
      host(client_addr) as address, backend_start as since
    from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid()
      and backend_type = 'client backend'
    order by backend_start, pid`.execute(db);
  return rows;
}

/** One client as a person reads it: `'learning-platform' (postgres from 10.0.0.5, since …)`. */
export function describeClient(client: ConnectedClient): string {
  const name = client.application ? `'${client.application}'` : 'a client without a name';
  const from = client.address ? `from ${client.address}` : 'over a local socket';
  const since = client.since ? `, connected since ${client.since.toISOString()}` : '';
  return `${name} (${client.user ?? 'an unknown user'} ${from}${since})`;
}

/** Ends the clients' connections, waiting up to 5 s for each to be gone. */
export async function disconnect<T>(db: Kysely<T>, clients: ConnectedClient[]): Promise<void> {
  const pids = clients.map((client) => client.pid);
  await sql`select pg_terminate_backend(pid, 5000) from unnest(${pids}::int[]) as pid`.execute(db);
}
