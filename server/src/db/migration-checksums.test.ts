import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import {
  DummyDriver,
  Kysely,
  type Migration,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationChecksums, migrationStatementChecksums } from './migration-checksums.ts';
import { migrations } from './migration-list.ts';

// A committed migration has already run on databases: editing it would change what a fresh
// install creates and leave every upgraded database as it was. This test holds each migration
// file (and the helpers they share) to its checksum.

const folder = new URL('./migrations/', import.meta.url);
const checksumsFile = 'server/src/db/migration-checksums.ts';
const listFile = 'server/src/db/migration-list.ts';
const pathOf = (name: string) => `server/src/db/migrations/${name}.ts`;

/** The files that are history, by name without '.ts': the migrations folder. */
async function historyFiles(): Promise<Map<string, string>> {
  const names = (await readdir(folder)).filter((name) => name.endsWith('.ts')).sort();
  const files = new Map<string, string>();
  for (const name of names) {
    files.set(name.replace(/\.ts$/, ''), await readFile(new URL(name, folder), 'utf8'));
  }
  return files;
}

// Line endings are left out, so a checkout that turns them into CRLF changes nothing.
const checksumOf = (text: string) =>
  createHash('sha256').update(text.replaceAll('\r\n', '\n')).digest('hex').slice(0, 16);

/** What is wrong with the files against the committed checksums, one message each. */
function historyProblems(
  files: ReadonlyMap<string, string>,
  checksums: Readonly<Record<string, string>>,
  listed: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const [name, text] of files) {
    const checksum = checksumOf(text);
    const committed = checksums[name];
    if (committed === undefined) {
      problems.push(
        `${name}.ts has no checksum. If it is a new migration, add this line to ${checksumsFile} ` +
          `in the commit that adds it:\n  '${name}': '${checksum}',`,
      );
    } else if (committed !== checksum) {
      problems.push(
        `${name}.ts has changed since it was committed. A committed migration must never ` +
          'change: databases have already run it, so an edit would change only what a fresh ' +
          `install creates. Put the committed file back (e.g. git checkout main -- ${pathOf(name)}) ` +
          'and make the change in a new migration.',
      );
    }
    if (/^\d{4}-/.test(name) && !listed.includes(name)) {
      problems.push(`${name}.ts is not listed in ${listFile}: it would never run.`);
    }
  }
  for (const name of Object.keys(checksums)) {
    if (!files.has(name)) {
      problems.push(
        `${name}.ts has a checksum but no file: a committed migration is never removed or renamed.`,
      );
    }
  }
  return problems;
}

const listed = Object.keys(migrations);

/** The SQL a migration sends, in order, to a database that answers nothing. */
async function statementsOf(migration: Migration): Promise<string[]> {
  const sent: string[] = [];
  const db = new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => void sent.push(event.query.sql),
  });
  await migration.up(db);
  return sent;
}

describe('committed migrations', () => {
  it('are each as they were committed', async () => {
    expect(historyProblems(await historyFiles(), migrationChecksums, listed)).toEqual([]);
  });

  // 0530 once built its SQL with the application's helpers and now writes it out: what it sends
  // is held to what it sent when committed.
  it('send what they sent when committed, even where they share SQL text with the application', async () => {
    for (const [name, committed] of Object.entries(migrationStatementChecksums)) {
      const migration = migrations[name];
      if (!migration) throw new Error(`${name} is not listed`);
      expect(checksumOf((await statementsOf(migration)).join(';\n')), name).toBe(committed);
    }
  });

  // The checks on a folder of one committed migration and its helper.
  const committed = new Map([
    ['0001-first', "import type { Kysely } from 'kysely';\n// creates a table\n"],
    ['run-statements', "import { sql } from 'kysely';\n"],
  ]);
  const checksums = Object.fromEntries(
    [...committed].map(([name, text]) => [name, checksumOf(text)]),
  );

  it('refuses a committed migration that was changed', () => {
    const files = new Map(committed).set('0001-first', "import type { Kysely } from 'kysely';\n");
    const problems = historyProblems(files, checksums, ['0001-first']);
    expect(problems).toEqual([
      expect.stringMatching(/^0001-first\.ts has changed since it was committed\./),
    ]);
    expect(problems[0]).toContain('must never change');
    expect(problems[0]).toContain('make the change in a new migration');
  });

  it('refuses a change to a helper the migrations share', () => {
    const files = new Map(committed).set(
      'run-statements',
      "import { sql, type Kysely } from 'kysely';\n",
    );
    expect(historyProblems(files, checksums, ['0001-first'])).toEqual([
      expect.stringMatching(/^run-statements\.ts has changed since it was committed\./),
    ]);
  });

  it('refuses a removed one', () => {
    const files = new Map(committed);
    files.delete('0001-first');
    expect(historyProblems(files, checksums, [])).toEqual([
      '0001-first.ts has a checksum but no file: a committed migration is never removed or renamed.',
    ]);
  });

  it('gives the one line a new migration adds to the checksums', () => {
    const text = "import type { Kysely } from 'kysely';\n// creates another table\n";
    const files = new Map(committed).set('0002-second', text);
    expect(historyProblems(files, checksums, ['0001-first', '0002-second'])).toEqual([
      `0002-second.ts has no checksum. If it is a new migration, add this line to ${checksumsFile} ` +
        `in the commit that adds it:\n  '0002-second': '${checksumOf(text)}',`,
    ]);
  });

  it('refuses a migration the list of migrations leaves out', () => {
    expect(historyProblems(committed, checksums, [])).toEqual([
      `0001-first.ts is not listed in ${listFile}: it would never run.`,
    ]);
  });
});
