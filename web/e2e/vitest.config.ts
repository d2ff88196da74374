import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// End-to-end: one built client and one real server for the whole run (see global-setup.ts),
// test files one after another (one server, a 2-core machine).
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
