import type { Job } from '@lp/contract/jobs';
import type { Team } from '@lp/contract/teams';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/schema.ts';
import type { FakeGithub } from './fake-github.ts';
import type { FakeSlack } from './fake-slack.ts';
import { HeldAnswer } from './held-answer.ts';
import { type GetJson, jobEnded } from './jobs.ts';
import { createReviewWorld } from './review-world.ts';
import { createTeamWorld, teamEffects } from './team-world.ts';

// The jobs a process may die or stall in, for the fault runs (job-kill, job-stall): a team save
// and a review's direct message, each with the step a fault hits and the outside request it
// hits just after (carried out by the fake GitHub or Slack, its answer held back).

export interface Fault {
  step: string;
  fake: 'github' | 'slack';
  request: RegExp;
  job: 'team save' | 'review';
}

export const FAULTS: Fault[] = [
  {
    step: 'team-channel',
    fake: 'slack',
    request: /^POST \/conversations\.create$/,
    job: 'team save',
  },
  { step: 'team-repository', fake: 'github', request: /^POST .*\/generate$/, job: 'team save' },
  {
    step: 'team-tickets',
    fake: 'github',
    request: /^POST \/repos\/[^/]+\/[^/]+\/issues$/,
    job: 'team save',
  },
  {
    step: 'team-repository-announcement',
    fake: 'slack',
    request: /^POST \/chat\.postMessage$/,
    job: 'team save',
  },
  { step: 'slack-message', fake: 'slack', request: /^POST \/chat\.postMessage$/, job: 'review' },
];

export interface Fakes {
  github: FakeGithub;
  slack: FakeSlack;
}

/** One run of a job: the world it works on, made before any server process has the database. */
export type FaultWorld =
  | { job: 'team save'; org: string; team: Awaited<ReturnType<typeof createTeamWorld>> }
  | { job: 'review'; review: Awaited<ReturnType<typeof createReviewWorld>> };

let worlds = 0;

export async function createFaultWorld(
  db: Kysely<Database>,
  job: Fault['job'],
): Promise<FaultWorld> {
  worlds += 1;
  if (job === 'review') return { job, review: await createReviewWorld(db) };
  const org = `fault-org-${worlds}`;
  return { job, org, team: await createTeamWorld(db, { teams: 1, perTeam: 2, org }) };
}

const tokenOf = (world: FaultWorld) =>
  world.job === 'review' ? world.review.coach.token : world.team.coach.token;

async function call(base: string, world: FaultWorld, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      authorization: `Token ${tokenOf(world)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as unknown };
}

/** Asks the server at `base` for the job (the save, or the review); the job's id. */
export async function startFaultJob(base: string, world: FaultWorld): Promise<number> {
  if (world.job === 'team save') {
    const saved = await call(base, world, 'POST', '/teams/batch', world.team.body);
    expect(saved.status).toBe(201);
    return (saved.body as { job_id: number }).job_id;
  }
  const reviewed = await call(base, world, 'PUT', world.review.path, world.review.body);
  expect(reviewed.status).toBe(204);
  const listed = await call(base, world, 'GET', `/jobs?cohort=${world.review.cohort.id}`);
  const [job] = listed.body as Job[];
  if (!job) throw new Error('The review queued no job');
  return job.id;
}

/** The job once ended, as the server at `base()` answers (it may be restarted meanwhile). */
export function faultJobEnded(base: () => string, world: FaultWorld, jobId: number) {
  const get: GetJson = (path) => call(base(), world, 'GET', path);
  return jobEnded(get, jobId, 120_000);
}

/** Every outside effect of the job, and what it recorded, as the server at `base` shows it. */
export async function faultEffects(base: string, world: FaultWorld, fakes: Fakes) {
  if (world.job === 'review')
    return {
      messages: fakes.slack.messages.filter((message) => message.channel === world.review.handle)
        .length,
    };
  const listed = await call(base, world, 'GET', `/teams?cohort=${world.team.cohort.id}`);
  expect(listed.status).toBe(200);
  return teamEffects(fakes, listed.body as Team[], world.org);
}

/** Holds the answer to the fault's request at its fake. */
export function holdAnswer(fault: Fault, fakes: Fakes): HeldAnswer {
  const held = new HeldAnswer(fault.request);
  fakes[fault.fake].hold = held;
  return held;
}
