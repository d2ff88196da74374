import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/connection.ts';
import { openTestDatabase } from './database.ts';

// One log line per request, written once it was answered, with what an operator looks for.
let database: DatabaseHandle;
let app: FastifyInstance;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  database = await openTestDatabase();
  const config = { ...loadConfig({ LOG_LEVEL: 'info' }), webDist: '' };
  app = await buildApp(config, database, {
    logStream: { write: (line) => lines.push(JSON.parse(line)) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const linesOf = (reqId: unknown) => lines.filter((line) => line.reqId === reqId);

describe('the request log', () => {
  it.each([
    ['/api/health', 200],
    ['/api/no-such-route', 404],
    ['/api/students?cohort=1', 401],
  ])('writes one line for GET %s, with its status and time', async (url, status) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    const last = lines.at(-1);
    const mine = linesOf(last?.reqId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url },
      res: { statusCode: status },
    });
    expect(typeof mine[0]?.responseTime).toBe('number');
  });

  it('keeps secrets out of the logged URL', async () => {
    await app.inject({ method: 'GET', url: '/api/cohorts/1/calendar.ics?secret=abc123' });
    expect(JSON.stringify(lines.at(-1))).not.toContain('abc123');
  });
});
