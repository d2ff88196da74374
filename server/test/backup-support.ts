import type { LearningRecordList } from '@lp/contract/records';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { tablesInLoadOrder } from '../src/backup/tables.ts';
import { planWrites, send, signIn } from './write-stream.ts';

/*
 * The backup round trips (test/backup.test.ts on the embedded database,
 * test/postgres-server/backup.test.ts on a PostgreSQL server): changes through the API, and a
 * fingerprint of every table to compare a restored database with the one backed up.
 */

/** As the demo instructor: notes, tags and project moves (history), and a learner's records. */
export async function changeData(url: string, password: string): Promise<void> {
  const api = await signIn(url, 'instructor', password);
  const next = await planWrites(api, 'backup');
  for (let n = 0; n < 9; n += 1) expect(await send(api, next())).toBeLessThan(300);
  const profile = await api.call<{ person: { active_cohort: number } }>('GET', '/profile');
  const board = await api.call<{ id: number }[]>(
    'GET',
    `/students?cohort=${profile.body.person.active_cohort}`,
  );
  const studentId = board.body[0]?.id;
  const records = await api.call<LearningRecordList>('GET', `/records?studentId=${studentId}`);
  const record = records.body[0];
  if (!record) throw new Error('the demo learner has no learning records');
  const entry = await api.call('POST', '/records/entries', { record: record.id, note: 'kept' });
  expect(entry.status).toBe(201);
  const flipped = await api.call('PUT', `/records/${record.id}`, { achieved: !record.achieved });
  expect(flipped.status).toBeLessThan(300);
}

/** Each table's row count and a checksum of its rows, the sequences and the migrations run. */
export async function fingerprint<T>(db: Kysely<T>): Promise<Record<string, string>> {
  const print: Record<string, string> = {};
  for (const table of await tablesInLoadOrder(db)) {
    const { rows } = await sql<{ n: number; sum: string | null }>`
      select count(*)::int as n, md5(string_agg(t::text, E'\n' order by t::text)) as sum
      from ${sql.table(table)} as t`.execute(db);
    print[table] = `${rows[0]?.n} rows, ${rows[0]?.sum}`;
  }
  const sequences = await sql<{ name: string; value: string | null }>`
    select sequencename as name, last_value::text as value from pg_sequences
    where schemaname = 'public'`.execute(db);
  for (const { name, value } of sequences.rows) print[`sequence ${name}`] = String(value);
  const migrations = await sql<{ name: string }>`
    select name from kysely_migration order by name`.execute(db);
  print.migrations = migrations.rows.map((row) => row.name).join(' ');
  return print;
}

/** The demo accounts sign in. */
export async function demoAccountsSignIn(url: string, password: string): Promise<void> {
  for (const username of ['instructor', 'staff', 'student']) await signIn(url, username, password);
}
