import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../../test/backup-support.ts';
import { adminQuery, databaseUrl, waitUntilUnused } from '../../test/database-template.ts';
import { createLearner, createStaff } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { openEmbedded, openPostgres } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { writeBackup } from './dump.ts';
import { checkBackup, loadBackup } from './load.ts';
import { BackupHealth, backupBeforeMigrations, scheduleBackups } from './schedule.ts';

// The running server's own backups: daily ones (keeping the newest N, a failure shown to staff)
// and one before an upgrade's migrations, which restores on the older schema and migrates forward.

let ctx: TestContext;
let folder: string;
beforeAll(async () => {
  ctx = await createTestContext();
  folder = await mkdtemp(join(tmpdir(), 'lp-backups-'));
});
afterAll(async () => {
  await ctx.close();
  await rm(folder, { recursive: true, force: true });
});

const quietLog = () => {
  const errors: string[] = [];
  return { errors, info: () => {}, error: (message: string) => void errors.push(message) };
};

/** Waits until `check` holds: the schedule works in the background. */
async function until(check: () => Promise<boolean> | boolean) {
  while (!(await check())) await new Promise((resolve) => setImmediate(resolve));
}

describe('daily backups', () => {
  it('makes an overdue backup at once and keeps only the newest BACKUP_KEEP', async () => {
    const dir = join(folder, 'daily');
    await mkdir(dir);
    const old = ['2020-01-01', '2020-01-02', '2020-01-03'].map(
      (day) => `learning-platform-${day}T03-00-00Z-daily.backup.gz`,
    );
    for (const name of [...old, 'learning-platform-2019-12-31T03-00-00Z.backup.gz'])
      await writeFile(join(dir, name), 'older');
    const log = quietLog();
    const schedule = await scheduleBackups(
      ctx.database,
      { dir, everyHours: 24, keep: 2 },
      ctx.app.backupHealth,
      log,
    );
    await until(async () =>
      (await readdir(dir)).some(
        (name) =>
          name.startsWith('learning-platform-20') &&
          !old.includes(name) &&
          name.endsWith('-daily.backup.gz'),
      ),
    );
    await schedule.stop();

    const names = (await readdir(dir)).sort();
    expect(names).toHaveLength(3);
    // The manual backup stays; of the daily ones the newest old one and the new one.
    expect(names[0]).toBe('learning-platform-2019-12-31T03-00-00Z.backup.gz');
    expect(names[1]).toBe(old[2]);
    await expect(checkBackup(join(dir, names[2] ?? ''))).resolves.toMatchObject({
      header: { engine: ctx.database.kind },
    });
    expect(log.errors).toEqual([]);
  });

  it('logs a failed backup as an error and shows it to staff until one succeeds', async () => {
    const staff = await createStaff(ctx.db);
    const learner = await createLearner(ctx.db);
    const blocked = join(folder, 'not-a-folder');
    await writeFile(blocked, 'a file where the backups should go');
    const log = quietLog();
    const schedule = await scheduleBackups(
      ctx.database,
      { dir: blocked, everyHours: 24, keep: 7 },
      ctx.app.backupHealth,
      log,
    );
    await until(() => ctx.app.backupHealth.failure !== null);
    await schedule.stop();
    expect(log.errors).toEqual([expect.stringMatching(/^Daily backup to .*not-a-folder failed: /)]);

    const seen = await ctx.request({ method: 'GET', url: '/api/profile', token: staff.token });
    expect(seen.json().backup_failure).toEqual({
      at: expect.any(String),
      message: expect.stringMatching(/not-a-folder/),
    });
    const learnerSees = await ctx.request({
      method: 'GET',
      url: '/api/profile',
      token: learner.token,
    });
    expect(learnerSees.json()).not.toHaveProperty('backup_failure');

    const fixed = await scheduleBackups(
      ctx.database,
      { dir: join(folder, 'fixed'), everyHours: 24, keep: 7 },
      ctx.app.backupHealth,
      quietLog(),
    );
    await until(() => ctx.app.backupHealth.failure === null);
    await fixed.stop();
    const after = await ctx.request({ method: 'GET', url: '/api/profile', token: staff.token });
    expect(after.json()).not.toHaveProperty('backup_failure');
  });

  it('is off with BACKUP_EVERY_HOURS=0', async () => {
    const dir = join(folder, 'off');
    const schedule = await scheduleBackups(
      ctx.database,
      { dir, everyHours: 0, keep: 7 },
      new BackupHealth(),
      quietLog(),
    );
    await schedule.stop();
    await expect(readdir(dir)).rejects.toThrow(/ENOENT/);
  });
});

/** A fresh, empty database of the test's engine. */
async function emptyDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openEmbedded(null);
  const name = `lp_backup_${Math.random().toString(16).slice(2, 10)}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const handle = openPostgres(databaseUrl(serverUrl, name), 2);
  return {
    ...handle,
    async close() {
      await handle.close();
      await waitUntilUnused(serverUrl, name);
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

describe('the backup before an upgrade', () => {
  it('saves the older database, which restores on its schema and migrates forward', async () => {
    // This database as the previous version left it: without the newest migration.
    await sql`drop index learning_record_entries_record_idx, cohort_memberships_person_idx, feedback_student_idx`.execute(
      ctx.db,
    );
    await sql`delete from kysely_migration where name = '0710-read-indexes'`.execute(ctx.db);
    await createStaff(ctx.db, { firstName: 'Kept' });

    const saved = await backupBeforeMigrations(ctx.database, join(folder, 'upgrade'));
    expect(saved?.pending).toEqual(['0710-read-indexes']);
    const file = saved?.file ?? '';
    expect(file).toMatch(/-before-upgrade\.backup\.gz$/);
    const { header } = await checkBackup(file);
    expect(header.migrations).not.toContain('0710-read-indexes');

    const restored = await emptyDatabase();
    try {
      await loadBackup(restored.db, file, header);
      const print = await fingerprint(restored.db);
      const original = await fingerprint(ctx.db);
      expect((print.migrations ?? '').split(' ')).toContain('0710-read-indexes');
      expect({ ...print, migrations: '' }).toEqual({ ...original, migrations: '' });
      const indexes = await sql<{ n: number }>`
        select count(*)::int as n from pg_indexes where indexname = 'feedback_student_idx'`.execute(
        restored.db,
      );
      expect(indexes.rows[0]?.n).toBe(1);
    } finally {
      await restored.close();
    }
    // Nothing to save once every migration has run.
    await migrateToLatest(ctx.db);
    expect(await backupBeforeMigrations(ctx.database, join(folder, 'none'))).toBeNull();
  });

  it('restores a backup of the releases that ran 1045-repository-work, now part of 1040', async () => {
    const folded = '1045-repository-work';
    await sql`insert into kysely_migration (name, timestamp) values (${folded}, now())`.execute(
      ctx.db,
    );
    const file = join(folder, 'folded.backup.gz');
    await writeBackup(ctx.db, ctx.database.kind, file);
    await sql`delete from kysely_migration where name = ${folded}`.execute(ctx.db);
    const { header } = await checkBackup(file);
    expect(header.migrations).not.toContain(folded);
    const restored = await emptyDatabase();
    try {
      await loadBackup(restored.db, file, header);
      expect(await fingerprint(restored.db)).toEqual(await fingerprint(ctx.db));
    } finally {
      await restored.close();
    }
  });
});
