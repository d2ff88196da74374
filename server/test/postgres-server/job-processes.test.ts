import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../src/db/connection.ts';
import { adminQuery, databaseUrl, waitUntilUnused } from '../database-template.ts';
import { FakeGithub } from '../fake-github.ts';
import { FakeSlack } from '../fake-slack.ts';
import { jobEnded } from '../jobs.ts';
import { type ServerProcess, startServerProcess } from '../server-process.ts';
import { createTeamWorld, giveTemplateTickets, repositoriesIn } from '../team-world.ts';

// Issue 15: two server processes on one PostgreSQL database share a burst of team jobs (each
// claims with FOR UPDATE SKIP LOCKED) and no step runs twice: every step is attempted once and
// the fakes see each channel and repository asked for once.

const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const name = `lp_jobs_${randomBytes(6).toString('hex')}`;
const COHORTS = 6;
const TEAMS = 2;
let database: DatabaseHandle;
let slack: FakeSlack;
let github: FakeGithub;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  await adminQuery(serverUrl, `create database ${name} template ${inject('databaseTemplate')}`);
  const url = databaseUrl(serverUrl, name);
  database = openPostgres(url, 2);
  slack = await new FakeSlack().start();
  github = await new FakeGithub().start();
  giveTemplateTickets(github);
  const slow = { delayMs: 20, failRate: 0, rateLimitRate: 0, lostAnswerRate: 0 };
  slack.chaos = { ...slow, random: Math.random };
  github.chaos = { ...slow, random: Math.random };
  const env = {
    DATABASE_URL: url,
    DB_POOL_SIZE: '4',
    GITHUB_API_URL: github.url,
    GITHUB_TOKEN: 'server-token',
    SLACK_API_URL: slack.url,
    SLACK_BOT_TOKEN: 'xoxb-test',
    JOB_CONCURRENCY: '2',
    JOB_POLL_MS: '100',
  };
  [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 300_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database.close();
  await slack.stop();
  await github.stop();
  await waitUntilUnused(serverUrl, name);
  await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
});

describe('team jobs on two server processes', () => {
  it('share a burst of jobs without running a step twice', async () => {
    const worlds = [];
    for (let i = 0; i < COHORTS; i += 1)
      worlds.push(await createTeamWorld(database.db, { teams: TEAMS, perTeam: 1, org: `org${i}` }));
    const jobIds = await Promise.all(
      worlds.map(async (world, i) => {
        const server = i % 2 === 0 ? a : b;
        const response = await fetch(`${server.url}/api/teams/batch`, {
          method: 'POST',
          headers: {
            authorization: `Token ${world.coach.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(world.body),
        });
        expect(response.status).toBe(201);
        return ((await response.json()) as { job_id: number }).job_id;
      }),
    );
    const token = worlds[0]?.coach.token ?? '';
    const get = async (path: string) => {
      const response = await fetch(`${a.url}/api${path}`, {
        headers: { authorization: `Token ${token}` },
      });
      return { status: response.status, body: await response.json() };
    };
    const jobs = await Promise.all(jobIds.map((id) => jobEnded(get, id, 120_000)));
    expect(jobs.map((job) => job.status)).toEqual(jobIds.map(() => 'done'));
    const steps = await database.db
      .selectFrom('job_steps')
      .select(['attempts', 'worked_by'])
      .where('job_id', 'in', jobIds)
      .execute();
    expect(steps).toHaveLength(COHORTS * TEAMS * 4);
    expect(steps.filter((step) => step.attempts !== 1)).toEqual([]);
    const processes = new Set(steps.map((step) => step.worked_by?.split('#')[0]));
    console.log(
      `job burst: ${jobIds.length} jobs, ${steps.length} steps, ${processes.size} processes`,
    );
    expect(processes.size).toBe(2);
    expect(slack.calls.filter((call) => call === 'conversations.create')).toHaveLength(
      COHORTS * TEAMS,
    );
    const generated = github.requests.filter(
      (r) => r.method === 'POST' && r.path.endsWith('/generate'),
    );
    expect(generated).toHaveLength(COHORTS * TEAMS);
    for (let i = 0; i < COHORTS; i += 1)
      expect(repositoriesIn(github, `org${i}`)).toHaveLength(TEAMS);
  });
});
