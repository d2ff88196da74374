import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGithub } from './fake-github.ts';
import { FakeSlack } from './fake-slack.ts';
import {
  createFaultWorld,
  FAULTS,
  type FaultWorld,
  faultEffects,
  faultJobEnded,
  holdAnswer,
  startFaultJob,
} from './job-faults.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { freshStore, type Store } from './server-store.ts';
import { giveTemplateTickets } from './team-world.ts';

// At each step of a team save and at a review's direct message, the server is killed (SIGKILL)
// just after GitHub or Slack carried out the step's request, before its answer came back. Started
// again on the same data, it takes the step up once the lease ran out and finishes the job: every
// outside effect (and every row recorded) is counted as often as in a run without a fault. On the
// embedded database, or with TEST_DATABASE_URL on a new database of that PostgreSQL server.

// A server start per fault: seconds when idle, a minute on a loaded machine.
const TIMEOUT_MS = 300_000;

let slack: FakeSlack;
let github: FakeGithub;
let store: Store;
let server: ServerProcess;
/** The worlds of every run, made before a server process has the (embedded) database. */
const worlds = new Map<string, FaultWorld>();
const fakes = () => ({ github, slack });
const base = () => server.url;

beforeAll(async () => {
  slack = await new FakeSlack().start();
  github = await new FakeGithub().start();
  giveTemplateTickets(github);
  store = await freshStore({
    GITHUB_API_URL: github.url,
    GITHUB_TOKEN: 'server-token',
    SLACK_API_URL: slack.url,
    SLACK_BOT_TOKEN: 'xoxb-test',
    JOB_LEASE_MS: '1000',
    JOB_POLL_MS: '100',
  });
  const database = await store.open();
  for (const job of ['team save', 'review'] as const)
    worlds.set(`${job} without a fault`, await createFaultWorld(database.db, job));
  for (const fault of FAULTS)
    worlds.set(fault.step, await createFaultWorld(database.db, fault.job));
  await database.close();
  server = await startServerProcess(store.env, store.args);
}, TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
  await store?.remove();
  await slack?.stop();
  await github?.stop();
});

const world = (key: string) => {
  const found = worlds.get(key);
  if (!found) throw new Error(`no world for ${key}`);
  return found;
};

describe.each(['team save', 'review'] as const)('a %s whose server is killed', (job) => {
  let expected: Awaited<ReturnType<typeof faultEffects>>;

  it('has these effects without a fault', async () => {
    const calm = world(`${job} without a fault`);
    const jobId = await startFaultJob(base(), calm);
    expect((await faultJobEnded(base, calm, jobId)).status).toBe('done');
    expected = await faultEffects(base(), calm, fakes());
    expect(Object.values(expected).every((count) => count > 0)).toBe(true);
  });

  it.each(FAULTS.filter((fault) => fault.job === job))(
    'has the same effects when killed at $step',
    async (fault) => {
      const faulty = world(fault.step);
      const held = holdAnswer(fault, fakes());
      const jobId = await startFaultJob(base(), faulty);
      await held.arrived;
      await server.kill();
      held.release();
      server = await startServerProcess(store.env, store.args);
      const ended = await faultJobEnded(base, faulty, jobId);
      expect(ended.status).toBe('done');
      // The killed step was taken up again by the new process: a second attempt.
      expect(Math.max(...ended.steps.map((step) => step.attempts))).toBeGreaterThan(1);
      expect(await faultEffects(base(), faulty, fakes())).toEqual(expected);
    },
    TIMEOUT_MS,
  );
});
