// The start after the database opened: its backup before an upgrade, migrations, demo data, the
// app listening, backups; drain on SIGTERM. main.ts loads this (and the app with it) while the
// database opens.
import { buildApp } from './app.ts';
import { startControl } from './backup/control.ts';
import { writeBackup } from './backup/dump.ts';
import { BackupHealth, backupBeforeMigrations, scheduleBackups } from './backup/schedule.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { hasData, seedDemoData } from './db/seed/demo.ts';
import { accountsWithDemoPassword, isLoopback } from './db/seed/demo-exposure.ts';

export async function serve(config: Config, database: DatabaseHandle): Promise<void> {
  if (database.kind === 'embedded') {
    // No upgrade without a way back: a failed backup stops the start before anything changed.
    const saved = await backupBeforeMigrations(database, config.backup.dir).catch(
      (error: unknown) => {
        const why = error instanceof Error ? error.message : String(error);
        throw new Error(
          `Backing up the database before its upgrade to ${config.backup.dir} failed (${why}); nothing was changed. Fix BACKUP_DIR and start again.`,
        );
      },
    );
    if (saved) {
      console.log(
        `Backed up the database to ${saved.file} before its ${saved.pending.length} new migration(s)`,
      );
    }
  }
  await migrateToLatest(database.db);

  const wantsDemo = process.argv.includes('--demo') || database.kind === 'embedded';
  const seeded = wantsDemo && !(await hasData(database.db));
  if (seeded) await seedDemoData(database.db, { password: config.demoPassword });

  const backupHealth = new BackupHealth();
  const app = await buildApp(config, database, { backupHealth, schedule: {} });
  await app.listen({ port: config.port, host: config.host });

  // The embedded database is open in this process only: it makes the backups, daily and when
  // `npm run backup` asks. A PostgreSQL server is backed up from outside (README, 'Backups').
  const embedded = database.kind === 'embedded';
  const backups = embedded
    ? await scheduleBackups(database, config.backup, backupHealth, app.log)
    : null;
  const control = embedded
    ? await startControl(config.dataDir, (file) => writeBackup(database.db, 'embedded', file))
    : null;

  const where =
    database.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL server';
  const url = `http://localhost:${config.port}`;
  console.log(`\nLearning Platform is running at ${url} (${where})`);
  console.log(`API at ${url}${config.apiPrefix}, docs at ${url}${config.apiPrefix}/docs`);
  if (wantsDemo && config.passwordSignIn) {
    console.log(
      `Demo accounts (password '${config.demoPassword}'): instructor, staff, student${seeded ? '' : ' (data kept from before)'}\n`,
    );
  }

  if (!isLoopback(config.host) && config.passwordSignIn) {
    const open = await accountsWithDemoPassword(database.db, config.demoPassword);
    if (open.length > 0) {
      console.warn(
        `WARNING: listening on ${config.host}, reachable from other machines, while the demo ` +
          `account(s) ${open.join(', ')} still sign in with the documented password. Change ` +
          'their passwords or set DEMO_PASSWORD before the first start.\n',
      );
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, draining`);
    await control?.stop();
    await app.close();
    await backups?.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
