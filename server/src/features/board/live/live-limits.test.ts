import type { BoardPresence } from '@lp/contract/live';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf, type OpenStream, openStream } from '../../../../test/event-stream.ts';
import { createCohort, createStaff } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { buildApp } from '../../../app.ts';

// The limit of open live boards per person, held across server processes: two apps on one
// database stand for two processes behind a load balancer (on the PostgreSQL server with
// TEST_DATABASE_URL, on one PGlite otherwise).

const LIMIT = 3;
let ctx: TestContext;
let other: FastifyInstance;
let here: string;
let there: string;
let cohortId: number;
const opened: OpenStream[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ live: { heartbeatMs: 200, connectionsPerPerson: LIMIT } });
  other = await buildApp(ctx.config, ctx.database, { logger: false });
  here = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  there = await other.listen({ port: 0, host: '127.0.0.1' });
  cohortId = (await createCohort(ctx.db)).id;
});
afterAll(async () => {
  for (const stream of opened) stream.close();
  await other?.close();
  await ctx.close();
});

/** Opens the cohort's live board on a server; resolves once an open stream shows its viewer. */
async function follow(base: string, token: string) {
  const stream = await openStream(`${base}${ctx.config.apiPrefix}/cohorts/${cohortId}/live`, {
    authorization: `Token ${token}`,
  });
  opened.push(stream);
  if (stream.status === 200)
    await expect.poll(() => eventsOf<BoardPresence>(stream, 'presence').length).toBeGreaterThan(0);
  return stream;
}

const placesOf = (personId: number) =>
  ctx.db
    .selectFrom('live_streams')
    .select(['id', 'expires_at'])
    .where('person_id', '=', personId)
    .execute();

describe('the limit of live boards per person', () => {
  it('answers one stream too many 429, with Retry-After in seconds', async () => {
    const ada = await createStaff(ctx.db);
    for (let n = 0; n < LIMIT; n += 1) expect((await follow(here, ada.token)).status).toBe(200);

    const refused = await follow(here, ada.token);

    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: `You have ${LIMIT} live boards open already: close one first.`,
    });
    // One heartbeat (200 ms here), in whole seconds.
    expect(refused.headers['retry-after']).toBe('1');
  });

  it('holds across two server processes on one database, and a stream closed on one frees its place for the other', async () => {
    const grace = await createStaff(ctx.db);
    const first = await follow(here, grace.token);
    expect(first.status).toBe(200);
    expect((await follow(here, grace.token)).status).toBe(200);
    expect((await follow(there, grace.token)).status).toBe(200);

    // Each process has fewer than the limit open itself.
    expect((await follow(there, grace.token)).status).toBe(429);
    expect((await follow(here, grace.token)).status).toBe(429);

    first.close();
    await expect.poll(async () => (await placesOf(grace.id)).length).toBe(LIMIT - 1);
    expect((await follow(there, grace.token)).status).toBe(200);
    expect((await follow(here, grace.token)).status).toBe(429);
  });

  it('counts the places of a process that died until their lease runs out, and not after', async () => {
    const alan = await createStaff(ctx.db);
    // What a process killed with open streams leaves behind: rows nobody renews or deletes.
    const dead = await ctx.db
      .insertInto('live_streams')
      .values(
        Array.from({ length: LIMIT }, () => ({
          person_id: alan.id,
          process_id: 'a-process-that-died',
          expires_at: sql<Date>`now() + interval '1 minute'`,
        })),
      )
      .returning('id')
      .execute();
    expect((await follow(there, alan.token)).status).toBe(429);

    // Their lease ran out.
    await ctx.db
      .updateTable('live_streams')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where(
        'id',
        'in',
        dead.map((row) => row.id),
      )
      .execute();

    expect((await follow(there, alan.token)).status).toBe(200);
    const places = await placesOf(alan.id);
    expect(places).toHaveLength(1);
    expect(dead.map((row) => row.id)).not.toContain(places[0]?.id);
  });

  it('renews the place of a stream that stays open, on every heartbeat', async () => {
    const barbara = await createStaff(ctx.db);
    expect((await follow(here, barbara.token)).status).toBe(200);
    const [taken] = await placesOf(barbara.id);
    if (!taken) throw new Error('the open stream holds no place');

    await expect
      .poll(async () => (await placesOf(barbara.id))[0]?.expires_at.getTime())
      .toBeGreaterThan(taken.expires_at.getTime());
  });

  it('frees the places of a process that stops', async () => {
    const edsger = await createStaff(ctx.db);
    const stopping = await buildApp(ctx.config, ctx.database, { logger: false });
    try {
      const base = await stopping.listen({ port: 0, host: '127.0.0.1' });
      for (let n = 0; n < LIMIT; n += 1)
        expect((await follow(base, edsger.token)).status).toBe(200);
      expect((await follow(here, edsger.token)).status).toBe(429);
    } finally {
      await stopping.close();
    }
    expect(await placesOf(edsger.id)).toEqual([]);
    expect((await follow(here, edsger.token)).status).toBe(200);
  });
});
