import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import {
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
import { freePort } from '../../../test/free-port.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { daysBefore } from '../../../test/whole-days.ts';
import { noticeFlagRises } from './flag-rises.ts';

// `flag.raised`: a webhook hears once when a learner newly needs attention (act now), not again
// while the flag stays up. The check runs on a timer in a server; here it is called directly.

const daysAgo = daysBefore(Date.now());

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
let receiver: Server;
let receiverUrl: string;
const received: { headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ webhooksAllowPrivate: true });
  staff = await createStaff(ctx.db);
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${port}/hooks`;
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => receiver.close(resolve));
});

/**
 * A learner on a project for 20 days whose self-assessment has waited `waitingDays` for review,
 * with nothing done since: inactive and waiting, two strong flags, act now from 7 days on.
 */
async function waitingLearner(waitingDays: number) {
  const cohort = await createCohort(ctx.db);
  const course = await createCourse(ctx.db, { books: 1, projectsPerBook: 2 });
  await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
  const [first, second] = course.books[0]?.projects ?? [];
  if (!first || !second) throw new Error('no projects');
  const assessment = await createAssessment(ctx.db, course.books[0]?.id ?? 0);
  const learner = await createLearner(ctx.db, { firstName: 'Flagged', lastName: 'Learner' });
  await enrol(ctx.db, cohort.id, learner.id);
  await assignProject(ctx.db, learner.id, first.id, daysAgo(20));
  await startAssessment(ctx.db, learner.id, assessment.id, 2, daysAgo(waitingDays));
  return { cohort, learner, next: second };
}

const deliveriesOf = async (id: number) =>
  (
    await ctx.request({ method: 'GET', url: `/api/webhooks/${id}/deliveries`, token: staff.token })
  ).json() as { event: string; status: string }[];

describe('the flag.raised webhook event', () => {
  it('sends one signed delivery when a flag rises, none while it stays up or after it falls', async () => {
    const created = await ctx.request({
      method: 'POST',
      url: '/api/webhooks',
      token: staff.token,
      payload: { url: receiverUrl, events: ['flag.raised'] },
    });
    expect(created.statusCode).toBe(201);
    const hook = created.json() as { id: number; secret: string };

    // Not yet flagged "act now": only waiting for review, active 3 days ago.
    const calm = await waitingLearner(3);
    expect(await noticeFlagRises(ctx.app)).toEqual([]);

    // Days have passed for this one: no board change, and the flag is up.
    const { cohort, learner, next } = await waitingLearner(8);
    expect(await noticeFlagRises(ctx.app)).toEqual([learner.id]);
    await eventually(() => expect(received).toHaveLength(1));
    const [delivery] = received;
    if (!delivery) throw new Error('nothing received');
    expect(delivery.headers['x-lp-event']).toBe('flag.raised');
    const [, seconds, mac] =
      /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery.headers['x-lp-signature'])) ?? [];
    expect(mac).toBe(
      createHmac('sha256', hook.secret).update(`${seconds}.${delivery.body}`).digest('hex'),
    );
    const payload = JSON.parse(delivery.body);
    expect(payload).toMatchObject({
      event: 'flag.raised',
      learner: { id: learner.id, name: 'Flagged Learner' },
      cohorts: [cohort.id],
      actor: null,
    });
    expect(payload.summary).toContain('No project move, self-assessment change or push for 8 days');

    // Still up at the next check: nothing more.
    expect(await noticeFlagRises(ctx.app)).toEqual([]);
    // Moved on: the flag falls, and falling is not told.
    const moved = await ctx.request({
      method: 'POST',
      url: `/api/students/${learner.id}/project`,
      token: staff.token,
      payload: { projectId: next.id },
    });
    expect(moved.statusCode).toBe(201);
    expect(await noticeFlagRises(ctx.app)).toEqual([]);
    expect(await deliveriesOf(hook.id)).toMatchObject([{ event: 'flag.raised' }]);
    await eventually(async () =>
      expect(await deliveriesOf(hook.id)).toMatchObject([{ status: 'delivered' }]),
    );
    expect(received).toHaveLength(1);
    expect(received.map((one) => JSON.parse(one.body).learner.id)).not.toContain(calm.learner.id);
  });
});
