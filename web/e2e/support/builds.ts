import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { paths } from './paths.ts';

/**
 * Builds the client and compiles the server as `npm start` does (scripts/start.mjs), each only
 * when its sources changed since its last build, into web/dist and server/dist.
 */
export async function prepareBuilds(): Promise<void> {
  const { NODE_ENV: _test, WEB_DIST: _web, SERVER_DIST: _server, ...env } = process.env;
  try {
    await promisify(execFile)(process.execPath, [paths.startScript, '--prepare-only'], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`Building for the browser tests failed:\n${stdout}${stderr}`);
  }
}
