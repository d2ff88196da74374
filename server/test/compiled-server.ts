import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const startScript = fileURLToPath(new URL('../../scripts/start.mjs', import.meta.url));
// Inside the repository, since the compiled server loads its packages from node_modules; not
// server/dist, so that a run never replaces the build a developer's `npm start` runs.
const folder = fileURLToPath(new URL('../node_modules/.cache/lp-test-server/', import.meta.url));

/**
 * Compiles the server as `npm start` does (scripts/start.mjs), only when its sources changed
 * since the last run, and returns the path of its main.js. Server processes the tests start run
 * it, rather than transpiling the whole server through tsx at each start.
 */
export async function compileServer(): Promise<string> {
  const { WEB_DIST: _web, SERVER_DIST: _server, ...env } = process.env;
  try {
    await promisify(execFile)(process.execPath, [startScript, '--server-only', '--prepare-only'], {
      env: { ...env, SERVER_DIST: folder },
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`Compiling the server for the tests failed:\n${stdout}${stderr}`);
  }
  return join(folder, 'main.js');
}
