import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Why a backup was made: part of its default name; only daily ones are pruned. */
export type BackupReason = 'manual' | 'daily' | 'before-upgrade' | 'before-restore';

/** The time in a file name: 2025-11-25T17-53-01Z (UTC, sorts as it reads, no colons). */
export const fileStamp = (now = new Date()) =>
  now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

/** e.g. learning-platform-2025-11-25T17-53-01Z-daily.backup.gz: names sort by time. */
export function backupFileName(reason: BackupReason, now = new Date()): string {
  return `learning-platform-${fileStamp(now)}${reason === 'manual' ? '' : `-${reason}`}.backup.gz`;
}

const daily = /^learning-platform-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-daily\.backup\.gz$/;

async function dailyBackups(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return names.filter((name) => daily.test(name)).sort();
}

/** When the newest daily backup in `dir` was made; null when there is none. */
export async function newestDailyBackup(dir: string): Promise<Date | null> {
  const newest = (await dailyBackups(dir)).at(-1);
  if (!newest) return null;
  const [, date, hours, minutes, seconds] =
    /^learning-platform-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z/.exec(newest) ?? [];
  return new Date(`${date}T${hours}:${minutes}:${seconds}Z`);
}

/** Deletes all but the newest `keep` daily backups; returns the names it deleted. */
export async function pruneDailyBackups(dir: string, keep: number): Promise<string[]> {
  const names = await dailyBackups(dir);
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(join(dir, name), { force: true });
  return old;
}
