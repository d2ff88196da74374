import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/connection.ts';
import { appliedMigrations, knownMigrations } from '../db/migrate.ts';
import { writeBackup } from './dump.ts';
import { backupFileName, newestDailyBackup, pruneDailyBackups } from './files.ts';

export interface BackupFailure {
  at: string;
  message: string;
}

/** How the automatic backups went: the last failure, until a backup succeeds again. */
export class BackupHealth {
  failure: BackupFailure | null = null;
}

export interface BackupSchedule {
  /** Waits for a backup under way and makes no more. */
  stop(): Promise<void>;
}

interface Log {
  info(message: string): void;
  error(message: string): void;
}

export interface ScheduleSettings {
  dir: string;
  everyHours: number;
  keep: number;
}

/**
 * Backs up every `everyHours` (counted from the newest daily backup in `dir`, so restarts do not
 * put it off; one overdue is made at once) and keeps the newest `keep`. A failure is logged as
 * an error and kept in `health` for staff to see; the next backup is tried an interval later.
 */
export async function scheduleBackups<T>(
  database: { db: Kysely<T>; kind: DatabaseKind },
  settings: ScheduleSettings,
  health: BackupHealth,
  log: Log,
): Promise<BackupSchedule> {
  const interval = settings.everyHours * 3_600_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const backUp = async () => {
    const file = join(settings.dir, backupFileName('daily'));
    try {
      const summary = await writeBackup(database.db, database.kind, file);
      await pruneDailyBackups(settings.dir, settings.keep);
      health.failure = null;
      log.info(`Daily backup: ${summary.rows} rows of ${summary.tables} tables in ${file}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      health.failure = { at: new Date().toISOString(), message };
      log.error(`Daily backup to ${settings.dir} failed: ${message}`);
    }
  };
  const plan = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = backUp().then(() => plan(interval));
    }, delay);
  };

  if (interval > 0) {
    const newest = await newestDailyBackup(settings.dir).catch(() => null);
    plan(newest ? Math.max(0, newest.getTime() + interval - Date.now()) : 0);
  }
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * Before this version's new migrations run on a database that already had some, a backup of it
 * as it is (BACKUP_DIR, `…-before-upgrade`), so that a bad upgrade can be undone with a restore
 * and the previous version. Returns its path, or null when no migration is pending.
 */
export async function backupBeforeMigrations<T>(
  database: { db: Kysely<T>; kind: DatabaseKind },
  dir: string,
): Promise<{ file: string; pending: string[] } | null> {
  const applied = await appliedMigrations(database.db);
  if (applied.length === 0) return null;
  const pending = knownMigrations().filter((name) => !applied.includes(name));
  if (pending.length === 0) return null;
  const file = join(dir, backupFileName('before-upgrade'));
  await writeBackup(database.db, database.kind, file);
  return { file, pending };
}
