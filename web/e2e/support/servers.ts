import { inject } from 'vitest';

/**
 * Test files run two at a time, each worker against a server (and database) of its own, so that
 * no file sees another's changes while it runs (global-setup.ts starts one per worker).
 */
export const E2E_WORKERS = 2;

/** The server of this worker: the built client at '/', the API under '/api'. */
export function serverUrl(): string {
  const urls = inject('baseUrls');
  // Between 1 and maxWorkers; a file runs in one worker from start to end.
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[(worker - 1) % urls.length];
  if (!url) throw new Error('No server was started for the browser tests (global-setup.ts)');
  return url;
}
