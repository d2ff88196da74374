import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import {
  addCoach,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
} from '../../../test/factories.ts';
import { FakeGithub } from '../../../test/fake-github.ts';
import { FakeSlack } from '../../../test/fake-slack.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { injected, jobEnded } from '../../../test/jobs.ts';
import { channelName } from './teams.slack.ts';

let ctx: TestContext;
let slack: FakeSlack;
let github: FakeGithub;
beforeAll(async () => {
  slack = await new FakeSlack().start();
  github = await new FakeGithub().start();
  ctx = await createTestContext({
    slack: { apiUrl: slack.url, token: 'xoxb-test' },
    github: { apiUrl: github.url, token: 'server-token' },
  });
});
afterAll(async () => {
  await ctx.close();
  await slack.stop();
  await github.stop();
});

async function cast(cohortName: string) {
  const cohort = await createCohort(ctx.db, { name: cohortName });
  const coach = await createStaff(ctx.db);
  await addCoach(ctx.db, cohort.id, coach.id);
  await ctx.db
    .updateTable('people')
    .set({ slack_handle: `UCOACH${coach.id}` })
    .where('id', '=', coach.id)
    .execute();
  const learners = [];
  for (let i = 0; i < 2; i += 1) {
    const learner = await createLearner(ctx.db);
    await enrol(ctx.db, cohort.id, learner.id);
    await ctx.db
      .updateTable('people')
      .set({ slack_handle: `U${learner.id}` })
      .where('id', '=', learner.id)
      .execute();
    learners.push(learner);
  }
  return { cohort, coach, learners };
}

const save = (token: string, cohort: number, teams: { teamIndex: number; students: number[] }[]) =>
  ctx.request({
    method: 'POST',
    url: '/api/teams/batch',
    token,
    payload: { cohort, weeklyPrefix: 'Week 3', groupProject: null, teams },
  });

describe('teams with Slack and GitHub configured', () => {
  it('names channels {prefix}-{last word of the cohort}-{6 letters}', () => {
    expect(channelName('week3', 'Day Cohort 62', () => 0)).toBe('week3-62-aaaaaa');
    expect(channelName('Week 3!', 'Evening 7', () => 0.99)).toBe('week-3-7-zzzzzz');
  });

  it('creates one channel per team, invites its members, and archives them on delete', async () => {
    const { cohort, coach, learners } = await cast('Day Cohort 81');
    const [a, b] = learners.map((l) => l.id) as [number, number];
    const response = await save(coach.token, cohort.id, [
      { teamIndex: 1, students: [a, coach.id] },
      { teamIndex: 2, students: [b, coach.id] },
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Teams saved. Slack channels and repositories are being created.');
    const job = await jobEnded(injected(ctx.request, coach.token), body.job_id);
    expect(job.status).toBe('done');
    expect(job.steps.map((step) => [step.label, step.summary])).toEqual([
      ['Team 1 Slack channel', expect.stringMatching(/^#week-3-81-[a-z]{6}$/)],
      ['Team 2 Slack channel', expect.stringMatching(/^#week-3-81-[a-z]{6}$/)],
    ]);
    const teams = (await list(coach.token, cohort.id)) as { slack_channel: string }[];
    const ids = teams.map((t) => t.slack_channel);
    expect(ids.every((id: string) => id.startsWith('CT'))).toBe(true);
    const invites = slack.invites.filter((i) => ids.includes(i.channel));
    // The teams' channels are made side by side: either may come first.
    expect(invites.map((i) => i.users.split(',').sort()).sort()).toEqual(
      [[`U${a}`, `UCOACH${coach.id}`].sort(), [`U${b}`, `UCOACH${coach.id}`].sort()].sort(),
    );
    const reset = await ctx.request({
      method: 'DELETE',
      url: `/api/teams/reset?cohort=${cohort.id}`,
      token: coach.token,
    });
    expect(reset.statusCode).toBe(204);
    // Archived by a job once the deletion committed.
    await eventually(() => expect(slack.archived).toEqual(expect.arrayContaining(ids)));
  });

  it('keeps the saved teams and says what Slack answered when it refuses the channel', async () => {
    const { cohort, coach, learners } = await cast('Day Cohort 82');
    slack.nextAnswers.push({ status: 200, body: { ok: false, error: 'restricted_action' } });
    const response = await save(coach.token, cohort.id, [
      { teamIndex: 1, students: learners.map((l) => l.id) },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().teams[0].slack_channel).toBe('');
    const job = await jobEnded(injected(ctx.request, coach.token), response.json().job_id);
    expect(job.status).toBe('failed');
    expect(job.steps).toMatchObject([
      {
        label: 'Team 1 Slack channel',
        status: 'failed',
        error: 'The Slack workspace does not let the app do this (restricted_action)',
        attempts: 1,
      },
    ]);
    expect(((await list(coach.token, cohort.id)) as { slack_channel: string }[])[0]).toMatchObject({
      slack_channel: '',
    });
  });
});

async function list(token: string, cohort: number) {
  const response = await ctx.request({ method: 'GET', url: `/api/teams?cohort=${cohort}`, token });
  return response.json() as unknown[];
}

describe('group project teams with GitHub configured', () => {
  it('creates client and API repositories, gives members access and tells the channel', async () => {
    const { cohort, coach, learners } = await cast('Day Cohort 83');
    await ctx.db
      .insertInto('cohort_info')
      .values({ cohort_id: cohort.id, student_organization_url: 'https://github.com/dc-83' })
      .execute();
    github.issues.set('nss/honey-rae-client', [
      { title: 'Set up the project', body: 'Clone and install', labels: ['setup'] },
      { title: 'Show the tickets', body: 'A list of tickets', labels: [] },
    ]);
    const course = await createCourse(ctx.db, { books: 1, projectsPerBook: 1 });
    const project = course.books[0]?.projects[0];
    if (!project) throw new Error('no project');
    await ctx.db
      .updateTable('projects')
      .set({
        name: 'Honey Rae',
        is_group_project: true,
        client_template_url: 'https://github.com/nss/honey-rae-client',
        api_template_url: 'https://github.com/nss/honey-rae-api',
      })
      .where('id', '=', project.id)
      .execute();
    const response = await ctx.request({
      method: 'POST',
      url: '/api/teams',
      token: coach.token,
      payload: {
        cohort: cohort.id,
        students: [...learners.map((l) => l.id), coach.id],
        weeklyPrefix: 'sprint',
        teamIndex: 1,
        groupProject: project.id,
      },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created.repositories).toEqual([]);
    const job = await jobEnded(injected(ctx.request, coach.token), created.job_id);
    expect(job.steps.map((step) => [step.phase, step.label, step.status])).toEqual([
      ['Creating Slack channels', 'Team 1 Slack channel', 'done'],
      ['Creating repositories', 'Team 1 client-side repository', 'done'],
      ['Creating repositories', 'Team 1 API repository', 'done'],
      ['Copying tickets', expect.stringMatching(/^Team 1 tickets into dc-83\//), 'done'],
      ['Announcing repositories', 'Team 1 client-side repository in Slack', 'done'],
      ['Announcing repositories', 'Team 1 API repository in Slack', 'done'],
    ]);
    expect(job.steps[3]?.summary).toBe('2 ticket(s) copied');
    const [team] = (await list(coach.token, cohort.id)) as {
      id: number;
      slack_channel: string;
      repositories: { repository: string }[];
    }[];
    if (!team) throw new Error('no team');
    // The two repositories are made side by side: either may be recorded first.
    const urls = team.repositories.map((r: { repository: string }) => r.repository).sort();
    expect(urls).toEqual([
      expect.stringMatching(/^https:\/\/github\.com\/dc-83\/Honey-Rae-api-[a-z]{6}$/),
      expect.stringMatching(/^https:\/\/github\.com\/dc-83\/Honey-Rae-client-[a-z]{6}$/),
    ]);
    const clientRepo = (urls[1] ?? '').replace('https://github.com/', '');
    expect(github.issues.get(clientRepo)?.map((i) => i.title)).toEqual([
      'Set up the project',
      'Show the tickets',
    ]);
    const collaborators = github.requests.filter(
      (r) => r.method === 'PUT' && r.path.includes('/dc-83/Honey-Rae-client-'),
    );
    expect(collaborators).toHaveLength(3);
    const posted = slack.messages.filter((m) => m.channel === team.slack_channel);
    expect(posted.map((m) => m.text.split('\n')[0]).sort()).toEqual([
      '🐙 Your API repository has been created. Visit the URL below and clone the project to your machine.',
      '🐙 Your client repository has been created. Visit the URL below and clone the project to your machine.',
    ]);

    const migrate = await ctx.request({
      method: 'POST',
      url: `/api/teams/${team.id}/migrate`,
      token: coach.token,
    });
    // Migrating again copies into the API repository and skips tickets already present.
    expect(migrate.statusCode).toBe(200);
    expect(migrate.json().message).toMatch(
      /^Ticket migration started: the tickets of nss\/honey-rae-client are being copied into dc-83\/Honey-Rae-client-[a-z]{6}, dc-83\/Honey-Rae-api-[a-z]{6}\.$/,
    );
    const migration = await jobEnded(injected(ctx.request, coach.token), migrate.json().job_id);
    expect(migration.steps.map((step) => step.summary)).toEqual([
      '0 ticket(s) copied',
      '2 ticket(s) copied',
    ]);
    expect(github.issues.get(clientRepo)).toHaveLength(2);
  });

  it("names the repository by GitHub's rules when the project's name has other characters", async () => {
    const { cohort, coach, learners } = await cast('Day Cohort 84');
    await ctx.db
      .insertInto('cohort_info')
      .values({ cohort_id: cohort.id, student_organization_url: 'https://github.com/dc-84' })
      .execute();
    github.issues.set('nss/rare-client', []);
    const course = await createCourse(ctx.db, { books: 1, projectsPerBook: 1 });
    const project = course.books[0]?.projects[0];
    if (!project) throw new Error('no project');
    await ctx.db
      .updateTable('projects')
      .set({
        name: 'Group: Rare (Café)',
        is_group_project: true,
        client_template_url: 'https://github.com/nss/rare-client',
      })
      .where('id', '=', project.id)
      .execute();
    const response = await ctx.request({
      method: 'POST',
      url: '/api/teams',
      token: coach.token,
      payload: {
        cohort: cohort.id,
        students: learners.map((l) => l.id),
        weeklyPrefix: 'sprint',
        teamIndex: 1,
        groupProject: project.id,
      },
    });
    expect(response.statusCode).toBe(201);
    const job = await jobEnded(injected(ctx.request, coach.token), response.json().job_id);
    expect(job.status).toBe('done');
    const [team] = (await list(coach.token, cohort.id)) as {
      repositories: { repository: string }[];
    }[];
    const url = team?.repositories[0]?.repository ?? '';
    expect(url).toMatch(/^https:\/\/github\.com\/dc-84\/Group-Rare-Cafe-client-[a-z]{6}$/);
    // The repository the team links to is the one GitHub made.
    expect(github.repositories.has(url.replace('https://github.com/', ''))).toBe(true);
  });
});

describe('undoing a save or delete with Slack configured', () => {
  it('archives the channels of the teams a save undo removes; a delete undo brings the channel fields back', async () => {
    const { cohort, coach, learners } = await cast('Day Cohort 85');
    const response = await save(coach.token, cohort.id, [
      { teamIndex: 1, students: learners.map((l) => l.id) },
    ]);
    expect(response.statusCode).toBe(201);
    await jobEnded(injected(ctx.request, coach.token), response.json().job_id);
    const [team] = (await list(coach.token, cohort.id)) as { slack_channel: string }[];
    const channel = team?.slack_channel ?? '';
    expect(channel).toMatch(/^CT/);

    const reset = await ctx.request({
      method: 'DELETE',
      url: `/api/teams/reset?cohort=${cohort.id}`,
      token: coach.token,
    });
    const undo = (answer: { headers: Record<string, unknown> }) =>
      ctx.request({
        method: 'POST',
        url: `/api/teams/history/${answer.headers[HISTORY_ID_HEADER]}/undo`,
        token: coach.token,
      });
    const back = await undo(reset);
    expect(back.statusCode).toBe(200);
    expect(back.json().message).toBe(
      'Delete undone: the 1 team of Day Cohort 85 is back. Their Slack channels, archived by the delete, stay archived.',
    );
    expect(back.json().teams[0].slack_channel).toBe(channel);
    await eventually(() => expect(slack.archived).toContain(channel));

    // The delete and its undo left the teams the save made: the save can be undone too.
    const undone = await undo(response);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().message).toBe(
      'Save undone: the 1 team saved for Day Cohort 85 is removed again. Their Slack channels are being archived.',
    );
    expect(undone.json().job_id).toEqual(expect.any(Number));
    expect(await list(coach.token, cohort.id)).toEqual([]);
  });
});
