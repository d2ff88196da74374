import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCoach,
  createCohort,
  createLearner,
  createStaff,
  enrol,
} from '../../../test/factories.ts';
import { FakeSlack } from '../../../test/fake-slack.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { channelName } from './teams.service.ts';

let ctx: TestContext;
let slack: FakeSlack;
beforeAll(async () => {
  slack = await new FakeSlack().start();
  ctx = await createTestContext({ slack: { apiUrl: slack.url, token: 'xoxb-test' } });
});
afterAll(async () => {
  await ctx.close();
  await slack.stop();
});

async function cast(cohortName: string) {
  const cohort = await createCohort(ctx.db, { name: cohortName });
  const coach = await createStaff(ctx.db);
  await addCoach(ctx.db, cohort.id, coach.id);
  await ctx.db
    .updateTable('people')
    .set({ slack_handle: 'UCOACH' })
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

describe('teams with Slack configured', () => {
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
    expect(body.message).toMatch(
      /^Teams saved\. Slack channels created: #week-3-81-[a-z]{6}, #week-3-81-[a-z]{6}\.$/,
    );
    const ids = body.teams.map((t: { slack_channel: string }) => t.slack_channel);
    expect(ids.every((id: string) => id.startsWith('CT'))).toBe(true);
    const invites = slack.invites.filter((i) => ids.includes(i.channel));
    expect(invites.map((i) => i.users.split(',').sort())).toEqual([
      [`U${a}`, 'UCOACH'].sort(),
      [`U${b}`, 'UCOACH'].sort(),
    ]);
    const reset = await ctx.request({
      method: 'DELETE',
      url: `/api/teams/reset?cohort=${cohort.id}`,
      token: coach.token,
    });
    expect(reset.statusCode).toBe(204);
    expect(slack.archived).toEqual(expect.arrayContaining(ids));
  });

  it('keeps the saved teams and says so when Slack refuses the channel', async () => {
    const { cohort, coach, learners } = await cast('Day Cohort 82');
    slack.failing = true;
    try {
      const response = await save(coach.token, cohort.id, [
        { teamIndex: 1, students: learners.map((l) => l.id) },
      ]);
      expect(response.statusCode).toBe(201);
      expect(response.json().message).toBe(
        'Teams saved. Slack did not create a channel for Team 1 (name_taken).',
      );
      expect(response.json().teams[0].slack_channel).toBe('');
    } finally {
      slack.failing = false;
    }
  });
});
