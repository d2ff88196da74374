import type { CohortDigest, DigestSendResult } from '@lp/contract/digest';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import {
  addCoach,
  addCohortCourse,
  assignProject,
  createAssessment,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
  startAssessment,
} from '../../../test/factories.ts';
import { FakeSlack } from '../../../test/fake-slack.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { injected, jobEnded } from '../../../test/jobs.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { DigestSchedule } from './digest.schedule.ts';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY - 3_600_000).toISOString();

let ctx: TestContext;
let slack: FakeSlack;
beforeAll(async () => {
  slack = await new FakeSlack().start();
  // Every strong reason is one to act on here: what is checked is how the digest lists them.
  const health = { ...loadConfig({}).health, actNowEvidence: 2 };
  ctx = await createTestContext({ slack: { apiUrl: slack.url, token: 'xoxb-test' }, health });
});
afterAll(async () => {
  await ctx.close();
  await slack.stop();
});

let handles = 0;
async function coachOf(cohortId: number, withSlack = true) {
  const coach = await createStaff(ctx.db);
  await addCoach(ctx.db, cohortId, coach.id);
  handles += 1;
  const handle = `UDIGEST${handles}`;
  if (withSlack)
    await ctx.db
      .updateTable('people')
      .set({ slack_handle: handle })
      .where('id', '=', coach.id)
      .execute();
  return { ...coach, handle };
}

/**
 * A cohort with one learner flagged (no activity for 10 days) and one whose self-assessment has
 * waited 4 days for review.
 */
async function cohortWithFlags(values: Parameters<typeof createCohort>[1] = {}) {
  const cohort = await createCohort(ctx.db, { start: '2000-01-01', end: '2999-12-31', ...values });
  const course = await createCourse(ctx.db, { books: 1, projectsPerBook: 1 });
  await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
  const idle = await createLearner(ctx.db, { firstName: 'Idle', lastName: 'Ida' });
  const membership = await enrol(ctx.db, cohort.id, idle.id);
  await ctx.db
    .updateTable('cohort_memberships')
    .set({ joined_at: daysAgo(10) })
    .where('id', '=', membership.id)
    .execute();
  const waiting = await createLearner(ctx.db, { firstName: 'Wai', lastName: 'Ting' });
  await enrol(ctx.db, cohort.id, waiting.id);
  await assignProject(ctx.db, waiting.id, course.books[0]!.projects[0]!.id, daysAgo(6));
  const assessment = await createAssessment(ctx.db, course.books[0]!.id, { name: 'Numbers' });
  await startAssessment(ctx.db, waiting.id, assessment.id, 2, daysAgo(4));
  return cohort;
}

const digestOf = async (cohortId: number, token: string) => {
  const response = await ctx.request({
    method: 'GET',
    url: `/api/cohorts/${cohortId}/digest`,
    token,
  });
  expect(response.statusCode).toBe(200);
  return response.json<CohortDigest>();
};

const sendNow = (cohortId: number, token: string | null, app = ctx.app) =>
  app.inject({
    method: 'POST',
    url: `/api/cohorts/${cohortId}/digest/send`,
    headers: token ? { authorization: `Token ${token}` } : {},
  });

/** The job once it has ended, as a staff member reads it. */
const jobOf = (id: number, token: string) => jobEnded(injected(ctx.request, token), id);

const messagesTo = (handle: string) => slack.messages.filter((m) => m.channel === handle);

/** Moves the cohort's sends back two minutes, past the wait before sending again by hand. */
const twoMinutesLater = (cohortId: number) =>
  ctx.db
    .updateTable('cohort_digests')
    .set({ sent_at: sql<Date>`sent_at - interval '2 minutes'` })
    .where('cohort_id', '=', cohortId)
    .execute();

/** A cohort without an instructor Slack channel: its digest goes to its coaches directly. */
const withoutChannel = { slackChannel: '' };

describe('digest preview', () => {
  it('shows staff the at-risk learners with reasons, overdue reviews, coaches and schedule', async () => {
    const cohort = await cohortWithFlags();
    const coach = await coachOf(cohort.id);
    const silent = await coachOf(cohort.id, false);

    const digest = await digestOf(cohort.id, coach.token);
    expect(digest.at_risk).toEqual([
      expect.objectContaining({
        name: 'Idle Ida',
        reasons: ['No project move, self-assessment change or push for 10 days'],
      }),
      expect.objectContaining({
        name: 'Wai Ting',
        reasons: ['Numbers waiting for review for 4 days'],
      }),
    ]);
    expect(digest.overdue_reviews).toEqual([
      expect.objectContaining({ name: 'Wai Ting', assessment: 'Numbers', waiting_days: 4 }),
    ]);
    expect(digest.recipients).toEqual([
      { id: coach.id, name: `${coach.first_name} ${coach.last_name}`, has_slack: true },
      { id: silent.id, name: `${silent.first_name} ${silent.last_name}`, has_slack: false },
    ]);
    expect(digest.slack_configured).toBe(true);
    expect(digest.channel).toBe(cohort.slack_channel);
    expect(digest.schedule).toMatchObject({ day: 'monday', hour: 8, time_zone: 'America/Chicago' });
    expect(new Date(digest.schedule.next_send_at ?? 0).getTime()).toBeGreaterThan(Date.now());
    expect(digest.last_sent).toBeNull();
    expect(digest.text).toContain('No project move, self-assessment change or push for 10 days');
    expect(digest.text).toContain(`/cohorts/${cohort.id}/health|`);
  });

  it('has no channel for a cohort without an instructor Slack channel', async () => {
    const cohort = await cohortWithFlags({ slackChannel: '  ' });
    const staff = await createStaff(ctx.db);
    expect((await digestOf(cohort.id, staff.token)).channel).toBeNull();
  });

  it('has no next send for a cohort that is not current', async () => {
    const cohort = await cohortWithFlags({ active: false });
    const staff = await createStaff(ctx.db);
    expect((await digestOf(cohort.id, staff.token)).schedule.next_send_at).toBeNull();
  });
});

describe('send digest now', () => {
  it("queues one message with each learner's reason to the cohort's instructor channel", async () => {
    const cohort = await cohortWithFlags();
    const coach = await coachOf(cohort.id);
    await coachOf(cohort.id, false);
    const staff = await createStaff(ctx.db);

    const response = await sendNow(cohort.id, staff.token);
    expect(response.statusCode).toBe(200);
    const { message, job_id } = response.json<DigestSendResult>();
    expect(message).toBe(`Digest queued for the instructor channel ${cohort.slack_channel}`);
    const job = await jobOf(job_id, staff.token);
    expect(job).toMatchObject({
      kind: 'cohort-digest',
      cohort: cohort.id,
      status: 'done',
      steps: [{ status: 'done', summary: `Posted to ${cohort.slack_channel}` }],
    });
    const posted = messagesTo(cohort.slack_channel);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.text).toContain('• *Idle Ida*');
    expect(posted[0]?.text).toContain(
      'No project move, self-assessment change or push for 10 days',
    );
    expect(posted[0]?.authorization).toBe('Bearer xoxb-test');
    // The coaches read it in the channel, not a second time as a direct message.
    expect(messagesTo(coach.handle)).toEqual([]);

    expect((await digestOf(cohort.id, staff.token)).last_sent).toMatchObject({
      trigger: 'manual',
      result: 'sent',
      channel: cohort.slack_channel,
      delivered: 1,
      recipients: 1,
      sent_by: { id: staff.id },
    });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity', '=', 'cohort_digest')
      .where('actor_id', '=', staff.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'queue', after: expect.objectContaining({ job_id }) },
      {
        action: 'send',
        after: expect.objectContaining({ channel: cohort.slack_channel, result: 'sent' }),
      },
    ]);
  });

  it('posts it once when Slack first answers 429 and then fails once', async () => {
    const cohort = await cohortWithFlags();
    const staff = await createStaff(ctx.db);
    slack.nextAnswers.push(
      { status: 429, headers: { 'retry-after': '1' } },
      { status: 500, body: { ok: false, error: 'fatal_error' } },
    );
    const calls = slack.calls.length;
    const response = await sendNow(cohort.id, staff.token);
    const job = await jobOf(response.json<DigestSendResult>().job_id, staff.token);
    expect(job).toMatchObject({ status: 'done', steps: [{ status: 'done', attempts: 3 }] });
    expect(messagesTo(cohort.slack_channel)).toHaveLength(1);
    // The attempts after the first looked for the message in the channel before posting it.
    expect(slack.calls.slice(calls)).toContain('conversations.history');
    expect((await digestOf(cohort.id, staff.token)).last_sent).toMatchObject({ result: 'sent' });
  });

  it("fails the job with Slack's words when Slack refuses the instructor channel", async () => {
    const cohort = await cohortWithFlags();
    const staff = await createStaff(ctx.db);
    slack.nextAnswers.push({ status: 200, body: { ok: false, error: 'channel_not_found' } });
    const response = await sendNow(cohort.id, staff.token);
    expect(response.statusCode).toBe(200);
    const job = await jobOf(response.json<DigestSendResult>().job_id, staff.token);
    expect(job).toMatchObject({
      status: 'failed',
      steps: [
        {
          status: 'failed',
          error:
            'Slack found no such channel or member, or the app may not see it (channel_not_found)',
          attempts: 1,
        },
      ],
    });
    expect(messagesTo(cohort.slack_channel)).toEqual([]);
    expect((await digestOf(cohort.id, staff.token)).last_sent).toMatchObject({
      result: 'failed',
      channel: cohort.slack_channel,
      delivered: 0,
    });

    // Tried again from the jobs page, it is sent and the digest says so.
    const retried = await ctx.request({
      method: 'POST',
      url: `/api/jobs/${job.id}/retry`,
      token: staff.token,
      payload: {},
    });
    expect(retried.statusCode).toBe(200);
    expect(await jobOf(job.id, staff.token)).toMatchObject({ status: 'done' });
    expect(messagesTo(cohort.slack_channel)).toHaveLength(1);
    expect((await digestOf(cohort.id, staff.token)).last_sent).toMatchObject({ result: 'sent' });
  });

  it('without an instructor channel, sends the message to every coach with a Slack member ID', async () => {
    const cohort = await cohortWithFlags(withoutChannel);
    const first = await coachOf(cohort.id);
    const second = await coachOf(cohort.id);
    const silent = await coachOf(cohort.id, false);
    const staff = await createStaff(ctx.db);

    const response = await sendNow(cohort.id, staff.token);
    expect(response.statusCode).toBe(200);
    const { message, job_id } = response.json<DigestSendResult>();
    expect(message).toBe(
      `Digest queued for 2 coaches (no Slack member ID for ${silent.first_name} ${silent.last_name})`,
    );
    expect(await jobOf(job_id, staff.token)).toMatchObject({
      status: 'done',
      steps: [{ label: 'Digest to 2 coaches', summary: 'Sent to 2 coaches' }],
    });
    for (const coach of [first, second]) {
      const [message] = messagesTo(coach.handle);
      expect(message?.text).toContain('• *Idle Ida*');
      expect(message?.text).toContain(
        'No project move, self-assessment change or push for 10 days',
      );
      expect(message?.text).toContain('• *Wai Ting*: Numbers, waiting 4 days');
      expect(message?.authorization).toBe('Bearer xoxb-test');
    }

    const digest = await digestOf(cohort.id, staff.token);
    expect(digest.last_sent).toMatchObject({
      trigger: 'manual',
      result: 'sent',
      channel: null,
      delivered: 2,
      recipients: 2,
      sent_by: { id: staff.id },
    });
  });

  it('sends each coach one message when Slack rate-limits the second', async () => {
    const cohort = await cohortWithFlags(withoutChannel);
    const first = await coachOf(cohort.id);
    const second = await coachOf(cohort.id);
    slack.nextAnswers.push(
      { status: 200, body: { ok: true } },
      { status: 429, headers: { 'retry-after': '1' } },
    );
    const response = await sendNow(cohort.id, first.token);
    expect(await jobOf(response.json<DigestSendResult>().job_id, first.token)).toMatchObject({
      status: 'done',
      steps: [{ attempts: 2 }],
    });
    // The scripted ok stood for the first coach's message: it was not sent again.
    expect(messagesTo(first.handle)).toEqual([]);
    expect(messagesTo(second.handle)).toHaveLength(1);
    expect((await digestOf(cohort.id, first.token)).last_sent).toMatchObject({
      result: 'sent',
      delivered: 2,
    });
  });

  it('sends a coach the digest once when Slack took it but its answer was lost', async () => {
    const cohort = await cohortWithFlags(withoutChannel);
    const coach = await coachOf(cohort.id);
    slack.loseAnswer('chat.postMessage', { status: 502 });
    const response = await sendNow(cohort.id, coach.token);
    expect(await jobOf(response.json<DigestSendResult>().job_id, coach.token)).toMatchObject({
      status: 'done',
      steps: [{ attempts: 2, summary: 'Sent to 1 coach' }],
    });
    expect(messagesTo(coach.handle)).toHaveLength(1);
  });

  it('refuses a second send while the first is under way or just sent, and says so', async () => {
    const cohort = await cohortWithFlags();
    const staff = await createStaff(ctx.db);
    // Slack answers the post slowly: the first send is still under way when the second comes.
    slack.loseAnswer('chat.postMessage', { holdMs: 1_500 });
    const first = await sendNow(cohort.id, staff.token);
    expect(first.statusCode).toBe(200);
    const second = await sendNow(cohort.id, staff.token);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      `A digest for ${cohort.name} is already being sent; its progress is on the Jobs page.`,
    );
    await jobOf(first.json<DigestSendResult>().job_id, staff.token);
    const third = await sendNow(cohort.id, staff.token);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(
      `A digest for ${cohort.name} was sent less than a minute ago, so it was not sent again.`,
    );
    expect(messagesTo(cohort.slack_channel)).toHaveLength(1);

    await twoMinutesLater(cohort.id);
    const later = await sendNow(cohort.id, staff.token);
    expect(later.statusCode).toBe(200);
    await jobOf(later.json<DigestSendResult>().job_id, staff.token);
    expect(messagesTo(cohort.slack_channel)).toHaveLength(2);
  });

  it('sends one digest when two staff send it at the same moment', async () => {
    const cohort = await cohortWithFlags();
    const [one, two] = [await createStaff(ctx.db), await createStaff(ctx.db)];
    const answers = await Promise.all([
      sendNow(cohort.id, one.token),
      sendNow(cohort.id, two.token),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const queued = answers.find((answer) => answer.statusCode === 200);
    await jobOf(queued?.json<DigestSendResult>().job_id ?? 0, one.token);
    expect(messagesTo(cohort.slack_channel)).toHaveLength(1);
  });

  it('says for which coach Slack refused it, and fails the job when it reached nobody', async () => {
    const cohort = await cohortWithFlags(withoutChannel);
    const first = await coachOf(cohort.id);
    const second = await coachOf(cohort.id);
    slack.nextAnswers.push({ status: 200, body: { ok: false, error: 'channel_not_found' } });
    const partial = await sendNow(cohort.id, first.token);
    expect(await jobOf(partial.json<DigestSendResult>().job_id, first.token)).toMatchObject({
      status: 'done',
      steps: [
        {
          summary: `Sent to 1 of 2 coaches (Slack did not accept it for ${first.first_name} ${first.last_name})`,
        },
      ],
    });
    expect(messagesTo(second.handle)).toHaveLength(1);
    expect((await digestOf(cohort.id, first.token)).last_sent).toMatchObject({
      result: 'partial',
      delivered: 1,
      recipients: 2,
    });

    await twoMinutesLater(cohort.id);
    slack.failing = true;
    try {
      const refused = await sendNow(cohort.id, first.token);
      expect(await jobOf(refused.json<DigestSendResult>().job_id, first.token)).toMatchObject({
        status: 'failed',
        steps: [{ error: 'Slack did not accept the digest for any coach' }],
      });
    } finally {
      slack.failing = false;
    }
    expect((await digestOf(cohort.id, first.token)).last_sent).toMatchObject({
      result: 'failed',
      delivered: 0,
    });
  });

  it('refuses with the reason when there is no instructor channel and no coach with Slack', async () => {
    const cohort = await cohortWithFlags(withoutChannel);
    const coach = await coachOf(cohort.id, false);
    const lonely = await cohortWithFlags(withoutChannel);
    for (const { id, name } of [cohort, lonely]) {
      const response = await sendNow(id, coach.token);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        `${name} has no instructor Slack channel and no coach with a Slack member ID, so nobody can receive the digest.`,
      );
    }
    // A cohort with a channel and no coaches still gets it there.
    const coachless = await cohortWithFlags();
    const queued = await sendNow(coachless.id, coach.token);
    expect(queued.statusCode).toBe(200);
    await jobOf(queued.json<DigestSendResult>().job_id, coach.token);
    expect(messagesTo(coachless.slack_channel)).toHaveLength(1);
  });

  it('refuses when Slack is not configured on the server, and the preview says so', async () => {
    const app = await buildApp(
      { ...ctx.config, slack: { ...ctx.config.slack, token: null } },
      ctx.database,
      {
        logger: false,
      },
    );
    try {
      const cohort = await cohortWithFlags();
      const coach = await coachOf(cohort.id);
      const response = await sendNow(cohort.id, coach.token, app);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        'Slack is not configured on this server, so the digest cannot be sent.',
      );
      expect(messagesTo(cohort.slack_channel)).toEqual([]);
      const preview = await app.inject({
        method: 'GET',
        url: `/api/cohorts/${cohort.id}/digest`,
        headers: { authorization: `Token ${coach.token}` },
      });
      expect(preview.json()).toMatchObject({
        slack_configured: false,
        schedule: { next_send_at: null },
      });
    } finally {
      await app.close();
    }
  });
});

describe('who may read and send a digest', () => {
  it('answers learners 403, anonymous callers 401 and unknown cohorts 404', async () => {
    const cohort = await cohortWithFlags();
    const coach = await coachOf(cohort.id);
    const learner = await createLearner(ctx.db);
    await enrol(ctx.db, cohort.id, learner.id);
    for (const [method, path] of [
      ['GET', 'digest'],
      ['POST', 'digest/send'],
    ] as const) {
      const call = (id: number, token: string | null) =>
        ctx.request({ method, url: `/api/cohorts/${id}/${path}`, token });
      expect((await call(cohort.id, learner.token)).statusCode).toBe(403);
      expect((await call(cohort.id, null)).statusCode).toBe(401);
      expect((await call(999_999, coach.token)).statusCode).toBe(404);
      expect((await call(0, coach.token)).statusCode).toBe(400);
    }
    expect(messagesTo(cohort.slack_channel)).toEqual([]);
  });
});

describe('weekly schedule', () => {
  // Monday 30 November 2026, 8:00 in Chicago (UTC−6).
  const MONDAY_8 = Date.parse('2026-11-30T14:00:00Z');
  const at = (ms: number) => () => new Date(ms);

  it('sends each current cohort once a week, even with two server processes on one database', async () => {
    const current = await cohortWithFlags({ start: '2026-09-01', end: '2027-03-01' });
    const coach = await coachOf(current.id);
    const inactive = await cohortWithFlags({ active: false });
    const ended = await cohortWithFlags({ start: '2026-01-05', end: '2026-06-30' });
    const posted = () => messagesTo(current.slack_channel);
    const other = await buildApp(ctx.config, ctx.database, { logger: false });
    try {
      const tickBoth = async (ms: number) => {
        const results = await Promise.all(
          [ctx.app, other].map((app) => new DigestSchedule(app, at(ms)).tick()),
        );
        return results.flat().filter((id) => id === current.id);
      };
      // Sunday evening: last week's send time, before this cohort had been sent any.
      expect(await tickBoth(MONDAY_8 - 1000)).toEqual([current.id]);
      expect(await tickBoth(MONDAY_8 - 500)).toEqual([]);
      await eventually(() => expect(posted()).toHaveLength(1));

      expect(await tickBoth(MONDAY_8)).toEqual([current.id]);
      expect(await tickBoth(MONDAY_8 + 60_000)).toEqual([]);
      expect(await tickBoth(MONDAY_8 + 3 * DAY)).toEqual([]);
      await eventually(() => expect(posted()).toHaveLength(2));
      expect(posted()[1]?.text).toContain('Idle Ida');

      expect(await tickBoth(MONDAY_8 + 7 * DAY)).toEqual([current.id]);
      await eventually(() => expect(posted()).toHaveLength(3));
      await eventually(async () =>
        expect((await digestOf(current.id, coach.token)).last_sent?.result).toBe('sent'),
      );
      expect(messagesTo(coach.handle)).toEqual([]);
      expect(messagesTo(inactive.slack_channel)).toEqual([]);
      expect(messagesTo(ended.slack_channel)).toEqual([]);

      const digest = await digestOf(current.id, coach.token);
      expect(digest.last_sent).toMatchObject({
        trigger: 'schedule',
        result: 'sent',
        channel: current.slack_channel,
        sent_by: null,
      });
      const weeks = await ctx.db
        .selectFrom('cohort_digests')
        .select('week_of')
        .where('cohort_id', '=', current.id)
        .orderBy('week_of')
        .execute();
      expect(weeks.map((row) => row.week_of)).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    } finally {
      await other.close();
    }
  });

  it('sends a missed send of the week when the server starts, and stops with the server', async () => {
    const cohort = await cohortWithFlags({ start: '2026-09-01', end: '2027-03-01' });
    // The server was down at 8:00 on 14 December; it starts again that Wednesday.
    const wednesday = Date.parse('2026-12-14T14:00:00Z') + 2 * DAY;
    const app = await buildApp(ctx.config, ctx.database, {
      logger: false,
      schedule: { now: at(wednesday) },
    });
    try {
      await app.ready();
      await eventually(async () => {
        const rows = await ctx.db
          .selectFrom('cohort_digests')
          .select(['week_of', 'result'])
          .where('cohort_id', '=', cohort.id)
          .execute();
        expect(rows).toEqual([{ week_of: '2026-12-14', result: 'sent' }]);
      });
    } finally {
      await app.close();
    }
    expect(messagesTo(cohort.slack_channel)).toHaveLength(1);
  });

  it('takes over a claim whose process died before it sent, once it is stale', async () => {
    const cohort = await cohortWithFlags({ start: '2026-09-01', end: '2027-03-01' });
    const week = '2026-12-21';
    const claim = await ctx.db
      .insertInto('cohort_digests')
      .values({ cohort_id: cohort.id, trigger: 'schedule', week_of: week })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tick = () => new DigestSchedule(ctx.app, at(Date.parse('2026-12-21T15:00:00Z'))).tick();
    expect(await tick()).not.toContain(cohort.id);
    await ctx.db
      .updateTable('cohort_digests')
      .set({ claimed_at: new Date(Date.now() - 20 * 60_000) })
      .where('id', '=', claim.id)
      .execute();
    expect(await tick()).toContain(cohort.id);
    await eventually(() => expect(messagesTo(cohort.slack_channel)).toHaveLength(1));
    // While its job is queued or sending, the claim is not taken over again.
    await ctx.db
      .updateTable('cohort_digests')
      .set({ claimed_at: new Date(Date.now() - 20 * 60_000) })
      .where('id', '=', claim.id)
      .execute();
    expect(await tick()).not.toContain(cohort.id);
  });

  it('queues one job per cohort and week, and sends it once when Slack answers 429 first', async () => {
    const cohort = await cohortWithFlags({ start: '2026-09-01', end: '2027-03-01' });
    const other = await buildApp(ctx.config, ctx.database, { logger: false });
    slack.nextAnswers.push({ status: 429, headers: { 'retry-after': '1' } });
    try {
      const monday = Date.parse('2027-01-04T14:00:00Z');
      await Promise.all([ctx.app, other].map((app) => new DigestSchedule(app, at(monday)).tick()));
      const jobs = await ctx.db
        .selectFrom('jobs')
        .select('id')
        .where('cohort_id', '=', cohort.id)
        .execute();
      expect(jobs).toHaveLength(1);
      await eventually(async () => {
        const [row] = await ctx.db
          .selectFrom('cohort_digests')
          .select(['result', 'job_id'])
          .where('cohort_id', '=', cohort.id)
          .execute();
        expect(row).toEqual({ result: 'sent', job_id: jobs[0]?.id });
      });
      expect(messagesTo(cohort.slack_channel)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('sends nothing when Slack is not configured', async () => {
    const cohort = await cohortWithFlags({ start: '2026-09-01', end: '2027-03-01' });
    const coach = await coachOf(cohort.id);
    const app = await buildApp(
      { ...ctx.config, slack: { ...ctx.config.slack, token: null } },
      ctx.database,
      {
        logger: false,
      },
    );
    try {
      expect(await new DigestSchedule(app, at(MONDAY_8 + 14 * DAY)).tick()).toEqual([]);
      expect(messagesTo(cohort.slack_channel)).toEqual([]);
      expect(messagesTo(coach.handle)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('sends coaches direct messages without a channel, and waits for a cohort with neither', async () => {
    const dates = { start: '2026-09-01', end: '2027-03-01', ...withoutChannel };
    const direct = await cohortWithFlags(dates);
    const coach = await coachOf(direct.id);
    const nowhere = await cohortWithFlags(dates);
    await coachOf(nowhere.id, false);
    const tick = (ms: number) => new DigestSchedule(ctx.app, at(ms)).tick();
    const monday = MONDAY_8 + 28 * DAY;

    const first = await tick(monday);
    expect(first).toContain(direct.id);
    expect(first).not.toContain(nowhere.id);
    await eventually(async () =>
      expect((await digestOf(direct.id, coach.token)).last_sent).toMatchObject({
        trigger: 'schedule',
        channel: null,
        delivered: 1,
      }),
    );
    expect(messagesTo(coach.handle)).toHaveLength(1);

    // Its instructor channel is set later in the week: the next run sends it there.
    await ctx.db
      .updateTable('cohorts')
      .set({ slack_channel: 'CLATER' })
      .where('id', '=', nowhere.id)
      .execute();
    const later = await tick(monday + DAY);
    expect(later).toContain(nowhere.id);
    expect(later).not.toContain(direct.id);
    await eventually(() => expect(messagesTo('CLATER')).toHaveLength(1));
    expect(messagesTo(coach.handle)).toHaveLength(1);
  });
});
