import { describe, expect, it, vi } from 'vitest';
import { FakeGithub } from './fake-github.ts';
import { FakeSlack } from './fake-slack.ts';
import { type GetJson, jobEnded } from './jobs.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { freshStore } from './server-store.ts';
import { createTeamWorld, giveTemplateTickets, repositoriesIn, TICKETS } from './team-world.ts';

// Issue 15: the server killed with SIGKILL in the middle of a team job, then started again on
// the same data, resumes the job once its lease has run out and finishes it, with no outside
// effect made twice (counted at the fake GitHub and Slack). On the embedded database, or with
// TEST_DATABASE_URL on a new database of that PostgreSQL server.

const TEAMS = 8;
const ORG = 'crash-org';
// Two starts of a whole server process: seconds when idle, minutes on a loaded machine.
const TIMEOUT_MS = 300_000;

const api =
  (server: () => ServerProcess, token: string): GetJson =>
  async (path) => {
    const response = await fetch(`${server().url}/api${path}`, {
      headers: { authorization: `Token ${token}` },
    });
    return { status: response.status, body: await response.json() };
  };

describe('a team job when its server process dies', () => {
  it(
    'resumes after a restart and makes every channel, repository, ticket and message once',
    async () => {
      const slack = await new FakeSlack().start();
      const github = await new FakeGithub().start();
      giveTemplateTickets(github);
      // Slow enough that the job is surely under way when the process is killed.
      const slow = { delayMs: 60, failRate: 0, rateLimitRate: 0, lostAnswerRate: 0 };
      slack.chaos = { ...slow, random: Math.random };
      github.chaos = { ...slow, random: Math.random };
      const store = await freshStore({
        GITHUB_API_URL: github.url,
        GITHUB_TOKEN: 'server-token',
        SLACK_API_URL: slack.url,
        SLACK_BOT_TOKEN: 'xoxb-test',
        JOB_LEASE_MS: '5000',
        JOB_POLL_MS: '100',
        JOB_BACKOFF_MS: '10',
        JOB_MAX_WAIT_MS: '50',
      });
      const database = await store.open();
      const world = await createTeamWorld(database.db, { teams: TEAMS, perTeam: 2, org: ORG });
      await database.close();

      let server = await startServerProcess(store.env, store.args);
      try {
        const saved = await fetch(`${server.url}/api/teams/batch`, {
          method: 'POST',
          headers: {
            authorization: `Token ${world.coach.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(world.body),
        });
        expect(saved.status).toBe(201);
        const { job_id: jobId } = (await saved.json()) as { job_id: number };
        await vi.waitFor(() => expect(repositoriesIn(github, ORG).length).toBeGreaterThan(2), {
          timeout: 120_000,
          interval: 10,
        });
        await server.kill();
        const madeBeforeKill = repositoriesIn(github, ORG).length;

        server = await startServerProcess(store.env, store.args);
        const job = await jobEnded(
          api(() => server, world.coach.token),
          jobId,
          120_000,
        );
        console.log(
          `job crash: killed after ${madeBeforeKill} of ${TEAMS} repositories; attempts per step: ${job.steps.map((step) => step.attempts).join(',')}`,
        );
        expect(job.status).toBe('done');
        expect(madeBeforeKill).toBeLessThan(TEAMS);
        const calls = (method: string) => slack.calls.filter((call) => call === method).length;
        const posts = (pattern: RegExp) =>
          github.requests.filter((r) => r.method === 'POST' && pattern.test(r.path)).length;
        expect(calls('conversations.create')).toBe(TEAMS);
        expect(slack.channels).toHaveLength(TEAMS);
        // Only the team channels' announcements: the restarted server also sends the cohort's
        // weekly digest to its instructor channel, as a server that was down then does.
        const teamChannels = new Set(slack.channels.map((channel) => channel.id));
        expect(slack.messages.filter((message) => teamChannels.has(message.channel))).toHaveLength(
          TEAMS,
        );
        expect(posts(/\/generate$/)).toBe(TEAMS);
        expect(repositoriesIn(github, ORG)).toHaveLength(TEAMS);
        expect(posts(/^\/repos\/crash-org\/.*\/issues$/)).toBe(TEAMS * TICKETS.length);
        for (const repository of repositoriesIn(github, ORG))
          expect(github.issues.get(repository)?.map((issue) => issue.title)).toEqual(TICKETS);
      } finally {
        await server.stop();
        await store.remove();
        await slack.stop();
        await github.stop();
      }
    },
    TIMEOUT_MS,
  );
});
