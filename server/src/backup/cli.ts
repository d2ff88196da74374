import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { backupCommand, Refusal, restoreCommand } from './commands.ts';
import { BackupFileError } from './format.ts';

// `npm run backup [-- FILE]`, `npm run restore -- FILE [--force] [--disconnect-others]`: the
// same settings as the server (DATA_DIR or DATABASE_URL, BACKUP_DIR); a FILE is relative to
// where npm ran.
const usage =
  'Usage: npm run backup [-- FILE]  |  npm run restore -- FILE [--force] [--disconnect-others]';
const flags = ['--force', '--disconnect-others'];

async function main(args: string[]): Promise<string> {
  const [command, ...rest] = args;
  const force = rest.includes('--force');
  const disconnectOthers = rest.includes('--disconnect-others');
  const files = rest.filter((arg) => !flags.includes(arg));
  const config = loadConfig();
  const fromStart = (file: string) => resolve(process.env.INIT_CWD ?? '.', file);
  if (command === 'backup' && files.length <= 1 && !force && !disconnectOthers)
    return backupCommand(config, files[0] === undefined ? undefined : fromStart(files[0]));
  if (command === 'restore' && files.length === 1 && files[0] !== undefined)
    return restoreCommand(config, fromStart(files[0]), force, disconnectOthers);
  throw new Refusal(usage);
}

main(process.argv.slice(2)).then(
  (message) => {
    console.log(message);
    process.exit(0);
  },
  (error: unknown) => {
    const known =
      error instanceof Refusal || error instanceof BackupFileError || error instanceof ConfigError;
    console.error(
      known || !(error instanceof Error)
        ? String(error instanceof Error ? error.message : error)
        : error.stack,
    );
    if (error instanceof BackupFileError) console.error('Nothing was changed.');
    process.exit(1);
  },
);
