import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/connection.ts';
import type { Database } from '../src/db/schema.ts';
import { openTestDatabase } from './database.ts';

export interface TestContext {
  app: FastifyInstance;
  db: Kysely<Database>;
  /** The database's handle, for tests of what the app learns from it (notifications). */
  database: DatabaseHandle;
  config: Config;
  /** Sends a request, with `Authorization: Token <token>` when a token is given. */
  request(options: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export type ConfigOverrides = Partial<Omit<Config, 'github' | 'slack' | 'live' | 'jobs'>> & {
  github?: Partial<Config['github']>;
  slack?: Partial<Config['slack']>;
  live?: Partial<Config['live']>;
  jobs?: Partial<Config['jobs']>;
};

/** Queue timings for tests: waits of milliseconds, so retries and rate limits pass quickly. */
export const quickJobs: Config['jobs'] = {
  concurrency: 2,
  // No test here loses a process, so the lease only has to outlast a stall of a loaded machine.
  leaseMs: 30_000,
  // New jobs are announced; the poll only finds what no notification told of.
  pollMs: 1_000,
  backoffMs: 5,
  maxWaitMs: 20,
  maxAttempts: 8,
};

/** The app on a fresh database. Call once per test file (beforeAll) and close in afterAll. */
export async function createTestContext(overrides: ConfigOverrides = {}): Promise<TestContext> {
  const database = await openTestDatabase();
  const base = loadConfig({ PASSWORD_SIGNIN: 'true', LOG_LEVEL: 'silent' });
  const config: Config = {
    ...base,
    ...overrides,
    // No client unless a test brings its own folder.
    webDist: overrides.webDist ?? '',
    github: { ...base.github, ...overrides.github },
    slack: { ...base.slack, ...overrides.slack },
    live: { ...base.live, ...overrides.live },
    jobs: { ...quickJobs, ...overrides.jobs },
  };
  const app = await buildApp(config, database, { logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    request({ token, headers, ...options }) {
      const auth = token ? { authorization: `Token ${token}` } : {};
      return app.inject({ ...options, headers: { ...headers, ...auth } });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
