import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbedded } from '../src/db/connection.ts';

const dir = mkdtempSync(join(tmpdir(), 'zz-'));
const cache = 'node_modules/.cache/lp-test-template/';
const tar = readFileSync(cache + readdirSync(cache)[0]);
let t = Date.now();
const h = await openEmbedded(dir, { loadDataDir: new Blob([tar]) });
await h.close();
console.log('prepare', Date.now() - t);
for (const run of [1, 2]) {
  t = Date.now();
  const child = spawn(
    process.execPath,
    [
      ...(process.env.TSX
        ? ['--import', 'tsx', 'src/main.ts']
        : ['node_modules/.cache/lp-test-server/main.js']),
    ],
    {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dir,
        PORT: '38123',
        HOST: '127.0.0.1',
        WEB_DIST: '',
        PASSWORD_SIGNIN: 'true',
        DEMO_PASSWORD: 'x',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((r) =>
    child.stdout.on('data', (d) => {
      if (String(d).includes('is running')) r();
    }),
  );
  console.log('start', run, Date.now() - t);
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
}
