import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // test/postgres-server/ holds what only a PostgreSQL server has (its connections): those
    // files belong to the run against one (TEST_DATABASE_URL); test/embedded/ holds what only
    // the embedded database has (its data folder), and belongs to the other run.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      process.env.TEST_DATABASE_URL ? 'test/embedded/**' : 'test/postgres-server/**',
    ],
    // Migrates one database per run; each test file starts from its own copy of it.
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Test files share the loaded modules of their worker instead of importing the whole server
    // again each (that import was most of a file's cost). Each file still builds its own app on
    // its own database, so nothing may keep state in module scope: state belongs to buildApp's
    // instance.
    isolate: false,
    // Generous limits: on a loaded machine a file takes many times its idle time, and nothing in
    // these tests waits on the clock, so a limit only has to catch a real hang.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
