import type { BoardLearner } from '@lp/contract/board';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCohortCourse,
  assignProject,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
} from '../../../test/factories.ts';
import {
  checkRunDelivery,
  type Delivery,
  type FakeRepository,
  memberAddedDelivery,
  pullRequestDelivery,
  pushDelivery,
  repositoryDelivery,
  signedRequest,
  WEBHOOK_SECRET,
} from '../../../test/github-deliveries.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { DISPLAY_TIME_ZONE, daysBetween, todayIn } from '../../lib/dates.ts';

// GitHub's deliveries as GitHub sends them (signed, with its payload shapes), received by the
// webhook and processed by jobs, seen on the instructor's board.
let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
const ORG = 'acme-school';

beforeAll(async () => {
  ctx = await createTestContext({ github: { webhookSecret: WEBHOOK_SECRET } });
  staff = await createStaff(ctx.db);
});
afterAll(() => ctx.close());

let nextRepositoryId = 9000;

/** A learner on a project with a repository linked for it (as staff would link it). */
async function learnerWithRepository() {
  const cohort = await createCohort(ctx.db, { name: `Activity ${Math.random()}` });
  await ctx.db
    .insertInto('cohort_info')
    .values({ cohort_id: cohort.id, student_organization_url: `https://github.com/${ORG}` })
    .execute();
  const course = await createCourse(ctx.db, { books: 1, projectsPerBook: 1 });
  await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
  const learner = await createLearner(ctx.db);
  await enrol(ctx.db, cohort.id, learner.id);
  await assignProject(ctx.db, learner.id, course.books[0]!.projects[0]!.id);
  const repository: FakeRepository = {
    id: nextRepositoryId++,
    owner: ORG,
    name: `flowers-${learner.id}`,
  };
  const linked = await ctx.request({
    method: 'POST',
    url: `/api/students/${learner.id}/repositories`,
    token: staff.token,
    payload: { url: `https://github.com/${repository.owner}/${repository.name}` },
  });
  expect(linked.statusCode).toBe(201);
  return { cohort, learner, repository };
}

async function send(item: Delivery, secret?: string) {
  const { body, headers } = await signedRequest(item, secret);
  return ctx.request({ method: 'POST', url: '/api/github/webhooks', payload: body, headers });
}

/** Every stored delivery processed: their jobs have ended. */
async function untilProcessed() {
  await expect
    .poll(
      async () =>
        (
          await ctx.db
            .selectFrom('github_deliveries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('processed_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      { timeout: 60_000, interval: 20 },
    )
    .toBe(0);
}

async function cardOf(cohortId: number, learnerId: number) {
  const board = await ctx.request({
    method: 'GET',
    url: `/api/students?cohort=${cohortId}`,
    token: staff.token,
  });
  expect(board.statusCode).toBe(200);
  return (board.json() as BoardLearner[]).find((card) => card.id === learnerId)!;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const sha = (n: number) => n.toString(16).padStart(40, 'a');

describe('POST /api/github/webhooks', () => {
  it("shows a learner's push and its checks on their card", async () => {
    const { cohort, learner, repository } = await learnerWithRepository();
    expect((await cardOf(cohort.id, learner.id)).activity).toMatchObject({
      repository: { full_name: `${ORG}/${repository.name}`, deleted: false },
      last_push_at: null,
      checks: null,
    });

    const pushedAt = minutesAgo(3);
    const pushed = await send(
      pushDelivery(repository, { at: pushedAt, sha: sha(1), messages: ['Add the form'] }),
    );
    expect(pushed.statusCode).toBe(202);
    expect(pushed.json().outcome).toBe('queued');
    await send(
      checkRunDelivery(repository, {
        id: 1,
        name: 'test',
        sha: sha(1),
        status: 'completed',
        conclusion: 'failure',
        at: minutesAgo(2),
      }),
    );
    await untilProcessed();
    const card = await cardOf(cohort.id, learner.id);
    // Calendar days in the cohort's zone (America/Chicago, the default): 0, unless the run
    // straddles the school's midnight.
    const daysSincePush = daysBetween(
      todayIn(DISPLAY_TIME_ZONE, pushedAt),
      todayIn(DISPLAY_TIME_ZONE),
    );
    expect(card.activity).toMatchObject({ days_since_push: daysSincePush, checks: 'failing' });
    expect(card.activity?.last_push_at).not.toBeNull();

    await send(
      checkRunDelivery(repository, {
        id: 2,
        name: 'test',
        sha: sha(1),
        status: 'completed',
        conclusion: 'success',
        at: minutesAgo(1),
      }),
    );
    await untilProcessed();
    // A second run of the same check on the same commit: failing was run 1, run 2 passed, and
    // both count: the commit's checks are failing until run 1 is re-run.
    expect((await cardOf(cohort.id, learner.id)).activity?.checks).toBe('failing');
  });

  it('never moves a card backwards when deliveries arrive out of order', async () => {
    const { cohort, learner, repository } = await learnerWithRepository();
    // The check finished before GitHub's delivery of its start arrived.
    await send(
      checkRunDelivery(repository, {
        id: 10,
        name: 'build',
        sha: sha(3),
        status: 'completed',
        conclusion: 'success',
        at: minutesAgo(5),
      }),
    );
    await send(
      checkRunDelivery(repository, {
        id: 10,
        name: 'build',
        sha: sha(3),
        status: 'in_progress',
        at: minutesAgo(9),
      }),
    );
    // The pull request was merged; its "opened" delivery comes last.
    await send(
      pullRequestDelivery(repository, {
        number: 4,
        title: 'Add login',
        action: 'closed',
        merged: true,
        at: minutesAgo(3),
      }),
    );
    await send(
      pullRequestDelivery(repository, {
        number: 4,
        title: 'Add login',
        action: 'opened',
        at: minutesAgo(60),
      }),
    );
    // The later push arrives first.
    await send(pushDelivery(repository, { at: minutesAgo(2), sha: sha(3), messages: ['Later'] }));
    await send(
      pushDelivery(repository, { at: minutesAgo(2 * 24 * 60), sha: sha(2), messages: ['Earlier'] }),
    );
    await untilProcessed();
    const { activity } = await cardOf(cohort.id, learner.id);
    expect(activity?.pull_request).toBeNull();
    expect(activity?.days_since_push).toBe(0);
    // The latest commit's check passed; its start, delivered last, is older.
    expect(activity?.checks).toBe('passing');

    const page = await ctx.request({
      method: 'GET',
      url: `/api/students/${learner.id}/activity`,
      token: staff.token,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().results.map((item: { title: string }) => item.title)).toEqual([
      'Later',
      'Add login',
      'build',
      'build',
      'Add login',
      'Earlier',
    ]);
  });

  it('stores a redelivery once and changes nothing with it', async () => {
    const { learner, repository } = await learnerWithRepository();
    const push = pushDelivery(repository, { at: minutesAgo(1), sha: sha(4), messages: ['Once'] });
    expect((await send(push)).json().outcome).toBe('queued');
    await untilProcessed();
    const again = await send(push);
    expect(again.statusCode).toBe(202);
    expect(again.json().outcome).toBe('duplicate');
    // The same push under a new delivery id (GitHub's "Redeliver" keeps the id; a retry by
    // another hook might not) is recorded once too.
    await send({ ...push, id: `${push.id}-other` });
    await untilProcessed();
    const activity = await ctx.request({
      method: 'GET',
      url: `/api/students/${learner.id}/activity`,
      token: learner.token,
    });
    expect(activity.json().count).toBe(1);
  });

  it('marks the card when the repository is deleted on GitHub', async () => {
    const { cohort, learner, repository } = await learnerWithRepository();
    await send(repositoryDelivery(repository, 'deleted'));
    await untilProcessed();
    expect((await cardOf(cohort.id, learner.id)).activity?.repository.deleted).toBe(true);
  });

  it('records that a learner accepted the organisation invitation', async () => {
    const { learner, cohort } = await learnerWithRepository();
    const login = (
      await ctx.db
        .selectFrom('people')
        .select('github_login')
        .where('id', '=', learner.id)
        .executeTakeFirstOrThrow()
    ).github_login!;
    await send(memberAddedDelivery(ORG, login.toUpperCase()));
    await untilProcessed();
    const membership = await ctx.db
      .selectFrom('cohort_memberships')
      .select('is_github_org_member')
      .where('person_id', '=', learner.id)
      .where('cohort_id', '=', cohort.id)
      .executeTakeFirstOrThrow();
    expect(membership.is_github_org_member).toBe(true);
  });

  it('refuses a forged signature with 401 and stores nothing', async () => {
    const { repository } = await learnerWithRepository();
    const push = pushDelivery(repository, { at: minutesAgo(1), sha: sha(5), messages: ['Forged'] });
    const forged = await send(push, 'not-the-webhook-secret');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toMatch(/X-Hub-Signature-256/);
    const { body, headers } = await signedRequest(push);
    const unsigned = await ctx.request({
      method: 'POST',
      url: '/api/github/webhooks',
      payload: body,
      headers: { ...headers, 'x-hub-signature-256': '' },
    });
    expect(unsigned.statusCode).toBe(401);
    // A signed body changed on the way.
    const tampered = await ctx.request({
      method: 'POST',
      url: '/api/github/webhooks',
      payload: body.replace('Forged', 'Tampered'),
      headers,
    });
    expect(tampered.statusCode).toBe(401);
    const stored = await ctx.db
      .selectFrom('github_deliveries')
      .select('id')
      .where('id', '=', push.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('answers an event it does not use 202 and ignores it', async () => {
    const star: Delivery = { event: 'star', id: 'star-1', payload: { action: 'created' } };
    const answer = await send(star);
    expect(answer.statusCode).toBe(202);
    expect(answer.json().outcome).toBe('ignored');
    const ping = await send({ event: 'ping', id: 'ping-1', payload: { zen: 'Keep it simple.' } });
    expect(ping.json().outcome).toBe('ignored');
  });

  it('answers a malformed body 400, a missing header 400 and a body over the limit 413', async () => {
    const notJson = await ctx.request({
      method: 'POST',
      url: '/api/github/webhooks',
      payload: '{"ref": ',
      headers: (await signedRequest({ event: 'push', id: 'x1', payload: {} })).headers,
    });
    // Signed over a different body: refused before it is read.
    expect(notJson.statusCode).toBe(401);
    const broken = '{"ref": ';
    const { headers } = await signedRequest({ event: 'push', id: 'x2', payload: {} });
    const { Webhooks } = await import('@octokit/webhooks');
    const signature = await new Webhooks({ secret: WEBHOOK_SECRET }).sign(broken);
    const malformed = await ctx.request({
      method: 'POST',
      url: '/api/github/webhooks',
      payload: broken,
      headers: { ...headers, 'x-hub-signature-256': signature },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/body/);

    const list = await signedRequest({ event: 'push', id: 'x3', payload: {} });
    const arraySignature = await new Webhooks({ secret: WEBHOOK_SECRET }).sign('[]');
    const array = await ctx.request({
      method: 'POST',
      url: '/api/github/webhooks',
      payload: '[]',
      headers: { ...list.headers, 'x-hub-signature-256': arraySignature },
    });
    expect(array.statusCode).toBe(400);

    const noEvent = await signedRequest({ event: 'push', id: 'x4', payload: {} });
    const withoutEvent = await ctx.request({
      method: 'POST',
      url: '/api/github/webhooks',
      payload: noEvent.body,
      headers: { ...noEvent.headers, 'x-github-event': '' },
    });
    expect(withoutEvent.statusCode).toBe(400);
    expect(withoutEvent.json().message).toMatch(/X-GitHub-Event/);

    const huge = await ctx.request({
      method: 'POST',
      url: '/api/github/webhooks',
      payload: JSON.stringify({ padding: 'x'.repeat(6 * 1024 * 1024) }),
      headers: noEvent.headers,
    });
    expect(huge.statusCode).toBe(413);
  });

  it('keeps a payload without what its event needs as processed, with the reason', async () => {
    const odd: Delivery = { event: 'push', id: 'odd-push', payload: { ref: 'refs/heads/main' } };
    expect((await send(odd)).json().outcome).toBe('queued');
    await untilProcessed();
    const stored = await ctx.db
      .selectFrom('github_deliveries')
      .select('outcome')
      .where('id', '=', 'odd-push')
      .executeTakeFirstOrThrow();
    expect(stored.outcome).toMatch(/unreadable push payload/);
  });

  it('processes a burst of 1,000 deliveries with none lost, each card showing its latest push', async () => {
    const learners = await Promise.all(Array.from({ length: 5 }, () => learnerWithRepository()));
    const base = Date.now() - 3 * 24 * 60 * 60_000;
    const deliveries = Array.from({ length: 1000 }, (_, n) => {
      const { repository } = learners[n % learners.length]!;
      return pushDelivery(repository, {
        at: new Date(base + n * 60_000),
        sha: sha(100_000 + n),
        messages: [`Commit ${n}`],
      });
    });
    // Sent 20 at a time, in a shuffled order.
    const shuffled = [...deliveries].sort((a, b) => (a.id < b.id ? -1 : 1));
    for (let start = 0; start < shuffled.length; start += 20) {
      const answers = await Promise.all(
        shuffled.slice(start, start + 20).map((item) => send(item)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(answers.length).fill(202));
    }
    await untilProcessed();
    const stored = await ctx.db
      .selectFrom('github_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        'id',
        'in',
        deliveries.map((item) => item.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(1000);
    for (const [index, { cohort, learner }] of learners.entries()) {
      const card = await cardOf(cohort.id, learner.id);
      const last = 995 + index;
      // GitHub gives a push's time in whole seconds.
      const pushedAt = Math.floor((base + last * 60_000) / 1000) * 1000;
      expect(card.activity?.last_push_at).toBe(new Date(pushedAt).toISOString());
    }
  });
});

describe('POST /api/github/webhooks without a secret', () => {
  it('answers 503 naming the setting', async () => {
    const bare = await createTestContext();
    try {
      const { body, headers } = await signedRequest({ event: 'ping', id: 'p', payload: {} });
      const answer = await bare.request({
        method: 'POST',
        url: '/api/github/webhooks',
        payload: body,
        headers,
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().message).toMatch(/GITHUB_WEBHOOK_SECRET/);
    } finally {
      await bare.close();
    }
  });
});
