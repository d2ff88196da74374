import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import {
  addCohortCourse,
  assignProject,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
} from '../../../test/factories.ts';
import { freePort } from '../../../test/free-port.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

// A receiver on this machine: allowed here by WEBHOOKS_ALLOW_PRIVATE (webhooksAllowPrivate), as
// a school's own network would need it; the default refuses it (last test).

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** The receiver's next answers, first to last; 204 once they are used up. */
const answers: number[] = [];

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
      response.writeHead(answers.shift() ?? 204).end();
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

async function register(events: string[]) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/webhooks',
    token: staff.token,
    payload: { url: receiverUrl, events },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; secret: string };
}

/** A learner on the first of two projects of a cohort's course, and the second project. */
async function learnerToMove() {
  const cohort = await createCohort(ctx.db);
  const course = await createCourse(ctx.db, { books: 1, projectsPerBook: 2 });
  await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
  const learner = await createLearner(ctx.db);
  await enrol(ctx.db, cohort.id, learner.id);
  const [first, second] = course.books[0]?.projects ?? [];
  if (!first || !second) throw new Error('no projects');
  await assignProject(ctx.db, learner.id, first.id);
  return { cohort, learner, next: second };
}

const move = (learnerId: number, projectId: number) =>
  ctx.request({
    method: 'POST',
    url: `/api/students/${learnerId}/project`,
    token: staff.token,
    payload: { projectId },
  });

const deliveriesOf = async (id: number) =>
  (
    await ctx.request({ method: 'GET', url: `/api/webhooks/${id}/deliveries`, token: staff.token })
  ).json() as { status: string; attempts: number; last_status: number | null }[];

describe('outgoing webhooks', () => {
  it('posts a signed event when a learner moves, verifiable with the secret shown once', async () => {
    received.length = 0;
    const hook = await register(['learner.moved']);
    expect(hook.secret).toMatch(/^lpwh_/);
    const list = await ctx.request({ method: 'GET', url: '/api/webhooks', token: staff.token });
    expect(JSON.stringify(list.json())).not.toContain(hook.secret);

    const { learner, cohort, next } = await learnerToMove();
    expect((await move(learner.id, next.id)).statusCode).toBe(201);
    await eventually(() => expect(received).toHaveLength(1));
    const [delivery] = received;
    if (!delivery) throw new Error('nothing received');
    expect(delivery.headers['x-lp-event']).toBe('learner.moved');
    const signature = String(delivery.headers['x-lp-signature']);
    const [, seconds, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
    const expected = createHmac('sha256', hook.secret)
      .update(`${seconds}.${delivery.body}`)
      .digest('hex');
    expect(mac).toBe(expected);
    expect(Math.abs(Date.now() / 1000 - Number(seconds))).toBeLessThan(300);
    expect(JSON.parse(delivery.body)).toMatchObject({
      event: 'learner.moved',
      learner: { id: learner.id },
      cohorts: [cohort.id],
      summary: `moved to ${next.name}`,
      delivery: Number(delivery.headers['x-lp-delivery']),
    });
    await eventually(async () =>
      expect(await deliveriesOf(hook.id)).toMatchObject([
        { status: 'delivered', attempts: 1, last_status: 204 },
      ]),
    );
    await ctx.request({ method: 'DELETE', url: `/api/webhooks/${hook.id}`, token: staff.token });
  });

  it('tries again after a 503, and sends nothing to a deleted webhook until restored', async () => {
    received.length = 0;
    const hook = await register(['learner.moved']);
    answers.push(503);
    const first = await learnerToMove();
    await move(first.learner.id, first.next.id);
    await eventually(async () =>
      expect(await deliveriesOf(hook.id)).toMatchObject([
        { status: 'delivered', attempts: 2, last_status: 204 },
      ]),
    );
    expect(received).toHaveLength(2);
    expect(received[0]?.headers['x-lp-delivery']).toBe(received[1]?.headers['x-lp-delivery']);

    const deleted = await ctx.request({
      method: 'DELETE',
      url: `/api/webhooks/${hook.id}`,
      token: staff.token,
    });
    expect(deleted.json().deleted_at).not.toBeNull();
    const second = await learnerToMove();
    await move(second.learner.id, second.next.id);
    const restored = await ctx.request({
      method: 'POST',
      url: `/api/webhooks/${hook.id}/restore`,
      token: staff.token,
    });
    expect(restored.json().deleted_at).toBeNull();
    expect(await deliveriesOf(hook.id)).toHaveLength(1);
    await ctx.request({ method: 'DELETE', url: `/api/webhooks/${hook.id}`, token: staff.token });
  });

  it('fails a delivery for good on a 4xx answer, saying what came back', async () => {
    received.length = 0;
    const hook = await register(['learner.moved']);
    answers.push(410);
    const { learner, next } = await learnerToMove();
    await move(learner.id, next.id);
    await eventually(async () =>
      expect(await deliveriesOf(hook.id)).toMatchObject([
        { status: 'failed', attempts: 1, last_status: 410 },
      ]),
    );
    expect(received).toHaveLength(1);
    await ctx.request({ method: 'DELETE', url: `/api/webhooks/${hook.id}`, token: staff.token });
  });

  it('sends only the events a webhook asked for', async () => {
    received.length = 0;
    const hook = await register(['intervention.recorded']);
    const { learner, next } = await learnerToMove();
    await move(learner.id, next.id);
    expect(await deliveriesOf(hook.id)).toEqual([]);
    await ctx.request({ method: 'DELETE', url: `/api/webhooks/${hook.id}`, token: staff.token });
  });
});

describe('webhook addresses', () => {
  let strict: TestContext;
  let admin: Awaited<ReturnType<typeof createStaff>>;
  beforeAll(async () => {
    strict = await createTestContext();
    admin = await createStaff(strict.db);
  });
  afterAll(() => strict.close());

  const registerOn = (url: string) =>
    strict.request({
      method: 'POST',
      url: '/api/webhooks',
      token: admin.token,
      payload: { url, events: ['learner.moved'] },
    });

  it('refuses loopback, private and link-local addresses, and anything but http(s)', async () => {
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'ftp://93.184.215.14/hook',
      'not a url',
    ]) {
      const response = await registerOn(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toMatch(/^url/);
    }
    expect(await strict.db.selectFrom('webhooks').select('id').execute()).toEqual([]);
  });

  it('accepts a public address', async () => {
    const response = await registerOn('https://93.184.215.14/hook');
    expect(response.statusCode).toBe(201);
  });
});
