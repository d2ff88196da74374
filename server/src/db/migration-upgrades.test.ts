import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Catalogue, readCatalogue } from '../../test/catalogue.ts';
import { openTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from './connection.ts';
import { knownMigrations } from './migrate.ts';
import { migrations } from './migration-list.ts';
import type { Database } from './schema.ts';

// A database upgraded from any earlier release gets the schema a new install gets. A release
// point is each migration boundary: a database that had run the migrations up to the k-th, with
// a little data in it (added after the first migration, as a product in use has it, so that a
// migration that rewrites or checks existing rows has rows to work on), runs the rest, and its
// catalogue must equal that of a database the migrator made from empty (every test database's
// template). The test runs on the engine of the run: embedded, or the PostgreSQL server with
// TEST_DATABASE_URL.
//
// The points share their history, so they are made in one transaction on one emptied schema,
// the way a migration run makes them (the migrator runs all pending migrations in one
// transaction): one migration after the other, a savepoint after each, then from the latest
// point back to the first, back to the point's savepoint and the rest run again. The first
// migration, the costliest, runs once; nothing is committed.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/**
 * Rows of a cohort in use, written against the first migration's tables: two learners with
 * progress, tags, records and a proposal, and a Slack member ID they share (migration 0630 clears
 * shared IDs).
 */
const rowsOfAProductInUse = [
  `insert into people (id, username, first_name, last_name, is_staff, slack_handle) values
    (1, 'coach', 'Casey', 'Coach', true, null),
    (2, 'ada', 'Ada', 'Lovelace', false, 'U0SHARED'),
    (3, 'alan', 'Alan', 'Turing', false, 'u0shared')`,
  `insert into cohorts (id, name, start_date, end_date, invitation_secret, calendar_secret)
    values (1, 'Day 1', '2026-01-05', '2026-06-05', 'invite', 'calendar')`,
  `insert into cohort_memberships (cohort_id, person_id) values (1, 2), (1, 3)`,
  `insert into cohort_coaches (cohort_id, person_id) values (1, 1)`,
  `insert into courses (id, name) values (1, 'Client')`,
  `insert into cohort_courses (cohort_id, course_id, active) values (1, 1, true)`,
  `insert into books (id, course_id, name) values (1, 1, 'Foundations')`,
  `insert into projects (id, book_id, name) values (1, 1, 'Kneel Diamonds')`,
  `insert into assessments (id, book_id, name, source_url) values (1, 1, 'Self check', 'https://x.test')`,
  `insert into learning_objectives (id, label, weight) values (1, 'Variables', 3)`,
  `insert into student_projects (student_id, project_id, assigned_by) values (2, 1, 1), (3, 1, 1)`,
  `insert into student_assessments (student_id, assessment_id, status_id) values (2, 1, 2)`,
  `insert into learning_records (student_id, objective_id, achieved) values (2, 1, true)`,
  `insert into tags (id, name) values (1, 'Needs help')`,
  `insert into student_tags (student_id, tag_id) values (3, 1)`,
  `insert into capstones (id, student_id, course_id) values (1, 2, 1)`,
  `insert into capstone_timelines (capstone_id, status_id, created_by) values (1, 1, 1)`,
  `insert into notes (student_id, author_id, note) values (2, 1, 'Doing well')`,
  `insert into events (cohort_id, event_type_id, name, event_date) values (1, 1, 'Demo day', '2026-03-02')`,
  `select setval(pg_get_serial_sequence(name, 'id'), 100)
    from unnest(array['people', 'cohorts', 'courses', 'books', 'projects', 'assessments',
      'learning_objectives', 'tags', 'capstones']) name`,
];

const names = knownMigrations();
const run = async (db: Kysely<Database>, from: number, to = names.length) => {
  for (const name of names.slice(from, to)) await migrations[name]?.up(db);
};
const savepoint = (index: number) => sql.raw(`at_${index}`);

/** The catalogue after upgrading from each earlier release point, by its last migration. */
async function upgradedCatalogues(db: Kysely<Database>): Promise<Map<string, Catalogue>> {
  const catalogues = new Map<string, Catalogue>();
  const trx = await db.startTransaction().execute();
  try {
    await sql`drop schema public cascade`.execute(trx);
    await sql`create schema public`.execute(trx);
    await run(trx, 0, 1);
    for (const statement of rowsOfAProductInUse) await sql.raw(statement).execute(trx);
    for (let point = 1; point < names.length; point++) {
      await sql`savepoint ${savepoint(point)}`.execute(trx);
      await run(trx, point, point + 1);
    }
    for (let point = names.length - 1; point >= 1; point--) {
      await sql`rollback to savepoint ${savepoint(point)}`.execute(trx);
      await run(trx, point);
      catalogues.set(names[point - 1] ?? '', await readCatalogue(trx));
    }
  } finally {
    await trx.rollback().execute();
  }
  return catalogues;
}

describe('upgrading from an earlier release', () => {
  it('reads a catalogue with every kind of object the migrations make', async () => {
    const fresh = await readCatalogue(database.db);
    for (const kind of Object.values(fresh)) expect(kind.length).toBeGreaterThan(0);
    expect(fresh.functions.join('\n')).toContain('announce_table_change');
  });

  it('gives a database that had run the migrations up to any of them the schema of a new one', async () => {
    const fresh = await readCatalogue(database.db);
    const upgraded = await upgradedCatalogues(database.db);
    expect([...upgraded.keys()]).toEqual(names.slice(0, -1).reverse());
    for (const [point, catalogue] of upgraded) {
      expect.soft(catalogue, `upgraded from the release that ran up to ${point}`).toEqual(fresh);
    }
  });
});
