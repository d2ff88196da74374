import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../src/db/connection.ts';
import { adminQuery, databaseUrl, waitUntilUnused } from '../database-template.ts';
import { FakeGithub } from '../fake-github.ts';
import { FakeSlack } from '../fake-slack.ts';
import {
  createFaultWorld,
  FAULTS,
  faultEffects,
  faultJobEnded,
  holdAnswer,
  startFaultJob,
} from '../job-faults.ts';
import { type ServerProcess, startServerProcess } from '../server-process.ts';
import { giveTemplateTickets } from '../team-world.ts';

// Two server processes on one database. At each step of a team save and at a review's direct
// message, the process working the step stalls (SIGSTOP) for longer than its lease just after
// GitHub or Slack carried out its request: the other process takes the step over and finishes the
// job. When the stalled one runs again, the answer in hand, its claim is gone: every outside
// effect (and every row recorded) is counted as often as in a run without a fault.

const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const name = `lp_stall_${randomBytes(6).toString('hex')}`;
const TAKEN_OVER = 'A job step was taken over by another claim';
let database: DatabaseHandle;
let slack: FakeSlack;
let github: FakeGithub;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  await adminQuery(serverUrl, `create database ${name} template ${inject('databaseTemplate')}`);
  const url = databaseUrl(serverUrl, name);
  database = openPostgres(url, 2);
  slack = await new FakeSlack().start();
  github = await new FakeGithub().start();
  giveTemplateTickets(github);
  const env = {
    DATABASE_URL: url,
    DB_POOL_SIZE: '3',
    GITHUB_API_URL: github.url,
    GITHUB_TOKEN: 'server-token',
    SLACK_API_URL: slack.url,
    SLACK_BOT_TOKEN: 'xoxb-test',
    // One step at a time per process: the stalled process works only the step whose answer is
    // held. (A stall of some other step in the instant between its check and its request is the
    // gap ARCHITECTURE.md names under Jobs.)
    JOB_CONCURRENCY: '1',
    JOB_LEASE_MS: '1000',
    JOB_POLL_MS: '100',
    // A process stopped between two statements of a transaction (another step's claim, say)
    // holds its row locks until the server ends that session.
    DB_IDLE_IN_TRANSACTION_MS: '2000',
  };
  servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 300_000);

afterAll(async () => {
  for (const server of servers) {
    server.resume();
    await server.stop();
  }
  await database.close();
  await slack.stop();
  await github.stop();
  await waitUntilUnused(serverUrl, name);
  await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
});

const base = () => servers[0]?.url ?? '';
const fakes = () => ({ github, slack });

describe.each(['team save', 'review'] as const)(
  'a %s whose process stalls past its lease',
  (job) => {
    let expected: Awaited<ReturnType<typeof faultEffects>>;

    it('has these effects without a fault', async () => {
      const world = await createFaultWorld(database.db, job);
      const jobId = await startFaultJob(base(), world);
      expect((await faultJobEnded(base, world, jobId)).status).toBe('done');
      expected = await faultEffects(base(), world, fakes());
      expect(Object.values(expected).every((count) => count > 0)).toBe(true);
    });

    it.each(FAULTS.filter((fault) => fault.job === job))(
      'has the same effects when it stalls at $step',
      async (fault) => {
        const world = await createFaultWorld(database.db, job);
        const held = holdAnswer(fault, fakes());
        const jobId = await startFaultJob(base(), world);
        await held.arrived;
        // The process whose claim made the request stalls; the other takes the step over.
        const claim = await database.db
          .selectFrom('job_steps')
          .select(['id', 'locked_by'])
          .where('job_id', '=', jobId)
          .where('kind', '=', fault.step)
          .executeTakeFirstOrThrow();
        const stalled = servers.find(
          (server) => claim.locked_by?.split(':')[1] === String(server.pid),
        );
        const other = servers.find((server) => server !== stalled);
        if (!stalled || !other) throw new Error(`no process holds the ${fault.step} step`);
        // Its log line names the step: `"step":<id>,…"msg":"A job step was taken over…"`.
        const takenOver = new RegExp(`"step":${claim.id},[^\\n]*"msg":"${TAKEN_OVER}`);
        stalled.pause();
        try {
          expect((await faultJobEnded(() => other.url, world, jobId)).status).toBe('done');
        } finally {
          stalled.resume();
          held.release();
        }
        await vi.waitFor(() => expect(stalled.output()).toMatch(takenOver), {
          timeout: 60_000,
          interval: 20,
        });
        expect(await faultEffects(base(), world, fakes())).toEqual(expected);
      },
    );
  },
);
