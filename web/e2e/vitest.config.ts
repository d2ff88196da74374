import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './support/servers.ts';

// End-to-end: one built client for the whole run and a real server per worker (see
// global-setup.ts); two test files at a time, each on its worker's server.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // Generous limits: every wait in these tests is for something to show, so on a loaded
    // machine they only take longer; a limit only has to catch a real hang.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // expect.poll waits for a state like a Playwright wait does, and as long (support/browser.ts).
    expect: { poll: { timeout: 60_000 } },
    maxWorkers: E2E_WORKERS,
  },
});
