import { vi } from 'vitest';

/**
 * Retries the check until it passes: for what the job queue or a timer does after a request
 * answered. Vitest's own default of one second is too short on a loaded machine; the timeout only
 * bounds a check that will never pass.
 */
export const eventually = <T>(check: () => T | Promise<T>, timeout = 30_000) =>
  vi.waitFor(check, { timeout, interval: 20 });
