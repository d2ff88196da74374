import type { BoardChange, BoardPresence, LiveTicket } from '@lp/contract/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf, type OpenStream, openStream } from '../../../../test/event-stream.ts';
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
} from '../../../../test/factories.ts';
import { FakeGithub } from '../../../../test/fake-github.ts';
import {
  exchangeOneTimeCode,
  followGithubSignIn,
  githubSettings,
} from '../../../../test/github-sign-in.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

let ctx: TestContext;
let github: FakeGithub;
let base: string;
let ada: Awaited<ReturnType<typeof createStaff>>;
let grace: Awaited<ReturnType<typeof createStaff>>;
let learner: Awaited<ReturnType<typeof createLearner>>;
let cohort: Awaited<ReturnType<typeof createCohort>>;
let otherCohort: Awaited<ReturnType<typeof createCohort>>;
let course: Awaited<ReturnType<typeof createCourse>>;
let studentAssessmentId: number;
const opened: OpenStream[] = [];

beforeAll(async () => {
  github = await new FakeGithub().start();
  ctx = await createTestContext({
    ...githubSettings(github),
    live: { heartbeatMs: 200, connectionsPerPerson: 3 },
  });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  ada = await createStaff(ctx.db, { firstName: 'Ada', lastName: 'Lovelace' });
  grace = await createStaff(ctx.db, { firstName: 'Grace', lastName: 'Hopper' });
  learner = await createLearner(ctx.db);
  cohort = await createCohort(ctx.db);
  otherCohort = await createCohort(ctx.db);
  course = await createCourse(ctx.db, { books: 1, projectsPerBook: 3 });
  await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
  await enrol(ctx.db, cohort.id, learner.id);
  const book = course.books[0];
  if (!book) throw new Error('no book');
  await assignProject(ctx.db, learner.id, book.projects[0]?.id ?? 0);
  const assessment = await createAssessment(ctx.db, book.id);
  studentAssessmentId = (await startAssessment(ctx.db, learner.id, assessment.id)).id;
});
afterAll(async () => {
  for (const stream of opened) stream.close();
  await ctx.close();
  await github.stop();
});

const liveUrl = (cohortId = cohort.id, query = '') =>
  `${base}${ctx.config.apiPrefix}/cohorts/${cohortId}/live${query}`;

async function stream(token: string | null, headers: Record<string, string> = {}, url = liveUrl()) {
  const open = await openStream(url, {
    ...(token ? { authorization: `Token ${token}` } : {}),
    ...headers,
  });
  opened.push(open);
  return open;
}

const ticket = (token: string | null, cohortId = cohort.id) =>
  ctx.request({ method: 'POST', url: `/api/cohorts/${cohortId}/live/ticket`, token });

const changes = (open: OpenStream) => eventsOf<BoardChange>(open, 'change');
const viewerNames = (open: OpenStream) =>
  eventsOf<BoardPresence>(open, 'presence')
    .at(-1)
    ?.viewers.map((viewer) => viewer.name);

describe('who may follow a live board', () => {
  it('answers anonymous callers 401 and learners 403, on the stream and the ticket', async () => {
    expect((await stream(null)).status).toBe(401);
    const refused = await stream(learner.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: expect.any(String) });
    expect((await ticket(null)).statusCode).toBe(401);
    expect((await ticket(learner.token)).statusCode).toBe(403);
    expect((await ticket(ada.token, 999_999)).statusCode).toBe(404);
    expect((await stream(ada.token, {}, liveUrl(999_999))).status).toBe(404);
  });

  it('opens the stream for staff with their token, as text/event-stream', async () => {
    const open = await stream(ada.token);
    expect(open.status).toBe(200);
    expect(open.contentType).toBe('text/event-stream');
    open.close();
  });

  it('takes a ticket once, for its cohort only, and not after it expired', async () => {
    const issued = await ticket(grace.token);
    expect(issued.statusCode).toBe(201);
    const body = issued.json<LiveTicket>();
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(50_000);
    const query = `?ticket=${encodeURIComponent(body.ticket)}`;

    const first = await stream(null, {}, liveUrl(cohort.id, query));
    expect(first.status).toBe(200);
    await expect.poll(() => viewerNames(first)).toContain('Grace Hopper');
    first.close();

    const again = await stream(null, {}, liveUrl(cohort.id, query));
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: expect.stringContaining('ticket') });

    const forOther = (await ticket(grace.token, otherCohort.id)).json<LiveTicket>();
    const elsewhere = await stream(null, {}, liveUrl(cohort.id, `?ticket=${forOther.ticket}`));
    expect(elsewhere.status).toBe(401);

    const late = (await ticket(grace.token)).json<LiveTicket>();
    await ctx.db
      .updateTable('live_tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await stream(null, {}, liveUrl(cohort.id, `?ticket=${late.ticket}`))).status).toBe(401);
  });
});

describe('a live board', () => {
  it('shows each move, status change and tag as it happens, with who made it', async () => {
    const watching = await stream(grace.token);
    await expect.poll(() => viewerNames(watching)).toContain('Grace Hopper');
    const project = course.books[0]?.projects[1];
    const as = (payload: object) => ({ token: ada.token, payload });

    await ctx.request({
      method: 'POST',
      url: `/api/students/${learner.id}/project`,
      ...as({ projectId: project?.id }),
    });
    await ctx.request({
      method: 'PUT',
      url: `/api/students/${learner.id}/assess`,
      ...as({ studentAssessmentId, statusId: 2 }),
    });
    const tag = (
      await ctx.request({ method: 'POST', url: '/api/tags', ...as({ name: 'needs help' }) })
    ).json();
    await ctx.request({
      method: 'POST',
      url: '/api/studenttags',
      ...as({ student: learner.id, tag: tag.id }),
    });

    await expect.poll(() => changes(watching).length).toBe(3);
    const [move, status, tagged] = changes(watching);
    const actor = { id: ada.id, name: 'Ada Lovelace' };
    expect(move).toMatchObject({
      cohort: cohort.id,
      student_id: learner.id,
      kind: 'project',
      summary: `moved to ${project?.name}`,
      actor,
    });
    expect(status).toMatchObject({
      kind: 'assessment',
      summary: 'status: Ready for Review',
      actor,
    });
    expect(tagged).toMatchObject({ kind: 'tag', summary: 'tagged "needs help"', actor });
    const ids = changes(watching).map((change) => Number(change.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(watching.events.filter((event) => event.event === 'change').map((e) => e.id)).toEqual(
      ids.map(String),
    );
    // A board asked for once the change arrived shows it (the browser refetches on each).
    const board = await ctx.request({
      method: 'GET',
      url: `/api/students?cohort=${cohort.id}`,
      token: ada.token,
    });
    expect(board.body).toContain('needs help');
    watching.close();
  });

  it('tells both boards of a transfer, and both again of its undo', async () => {
    const moving = await createLearner(ctx.db);
    await enrol(ctx.db, cohort.id, moving.id);
    const from = await stream(grace.token);
    const to = await stream(grace.token, {}, liveUrl(otherCohort.id));
    await expect.poll(() => viewerNames(to)).toContain('Grace Hopper');

    const transfer = await ctx.request({
      method: 'POST',
      url: `/api/students/${moving.id}/transfer`,
      token: ada.token,
      payload: { cohortId: otherCohort.id },
    });
    expect(transfer.statusCode).toBe(200);
    const mine = (open: OpenStream) =>
      changes(open)
        .filter((change) => change.student_id === moving.id)
        .map((change) => [change.kind, change.summary, change.actor?.name]);
    await expect
      .poll(() => mine(from))
      .toEqual([['transfer-out', `transferred to ${otherCohort.name}`, 'Ada Lovelace']]);
    await expect
      .poll(() => mine(to))
      .toEqual([['transfer-in', `transferred from ${cohort.name}`, 'Ada Lovelace']]);

    const undo = await ctx.request({
      method: 'POST',
      url: `/api/students/${moving.id}/history/${transfer.json().history_id}/undo`,
      token: grace.token,
    });
    expect(undo.statusCode).toBe(200);
    for (const open of [from, to])
      await expect
        .poll(() => mine(open).at(-1))
        .toEqual(['undo', 'transfer undone', 'Grace Hopper']);
    from.close();
    to.close();
  });

  it('replays what was missed after Last-Event-ID, and says resync when it cannot', async () => {
    const newest = await ctx.db
      .selectFrom('board_changes')
      .select((eb) => eb.fn.max('position').as('position'))
      .executeTakeFirstOrThrow();
    const missed = ['missed one', 'missed two'];
    for (const name of missed) {
      const tag = (
        await ctx.request({ method: 'POST', url: '/api/tags', token: ada.token, payload: { name } })
      ).json();
      await ctx.request({
        method: 'POST',
        url: '/api/studenttags',
        token: ada.token,
        payload: { student: learner.id, tag: tag.id },
      });
    }
    const resumed = await stream(ada.token, { 'last-event-id': String(newest.position ?? 0) });
    await expect
      .poll(() => changes(resumed).map((change) => change.summary))
      .toEqual(missed.map((name) => `tagged "${name}"`));

    // A browser that opens a new stream with a new ticket says it in the query instead.
    const byQuery = await stream(
      ada.token,
      {},
      liveUrl(cohort.id, `?last_event_id=${newest.position ?? 0}`),
    );
    await expect
      .poll(() => changes(byQuery).map((change) => change.summary))
      .toEqual(missed.map((name) => `tagged "${name}"`));
    byQuery.close();

    const unknown = await stream(ada.token, { 'last-event-id': '999999999' });
    await expect.poll(() => unknown.events.map((event) => event.event)).toContain('resync');
    expect(changes(unknown)).toEqual([]);
    resumed.close();
    unknown.close();
  });

  it('starts a stream opened without a position after the newest change, and says so: a reconnect from there misses nothing', async () => {
    const tagOn = async (name: string) => {
      const tag = (
        await ctx.request({ method: 'POST', url: '/api/tags', token: ada.token, payload: { name } })
      ).json();
      await ctx.request({
        method: 'POST',
        url: '/api/studenttags',
        token: ada.token,
        payload: { student: learner.id, tag: tag.id },
      });
    };
    const watching = await stream(ada.token);
    await tagOn('seen before');
    await expect.poll(() => changes(watching).at(-1)?.summary).toBe('tagged "seen before"');
    const newest = changes(watching).at(-1)?.id;
    watching.close();

    const fresh = await stream(ada.token);
    await expect.poll(() => fresh.events[0]?.event).toBe('heartbeat');
    expect(fresh.events[0]?.id).toBe(newest);
    fresh.close();
    // Away before any change came: reconnecting from the heartbeat's position replays the gap.
    await tagOn('while away');
    const back = await stream(ada.token, { 'last-event-id': newest ?? '' });
    await expect
      .poll(() => changes(back).map((change) => change.summary))
      .toEqual(['tagged "while away"']);
    back.close();
  });

  it('keeps the stream open with heartbeats, the first as it opens, saying how often they come', async () => {
    const quiet = await stream(ada.token);
    await expect.poll(() => quiet.events[0]?.event).toBe('heartbeat');
    expect(eventsOf(quiet, 'heartbeat')[0]).toEqual({ interval_ms: 200 });
    await expect.poll(() => eventsOf(quiet, 'heartbeat').length).toBeGreaterThan(1);
    quiet.close();
  });

  it('shows who has the board open, each person once', async () => {
    const adaTab = await stream(ada.token);
    const adaOtherTab = await stream(ada.token);
    const graceTab = await stream(grace.token);
    await expect.poll(() => viewerNames(adaTab)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    graceTab.close();
    await expect.poll(() => viewerNames(adaTab)).toEqual(['Ada Lovelace']);
    adaOtherTab.close();
    adaTab.close();
  });

  it('refuses a person more streams than the limit (429), and takes one again after a close', async () => {
    const tabs = [await stream(grace.token), await stream(grace.token), await stream(grace.token)];
    for (const tab of tabs) await expect.poll(() => viewerNames(tab)).toContain('Grace Hopper');
    const fourth = await stream(grace.token);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({ message: expect.stringContaining('3 live boards') });
    tabs[0]?.close();
    await expect
      .poll(async () => {
        const next = await stream(grace.token);
        next.close();
        return next.status;
      })
      .toBe(200);
    for (const tab of tabs) tab.close();
  });

  it('ends the streams of a token that signed out', async () => {
    const signingOut = await createStaff(ctx.db);
    const open = await stream(signingOut.token);
    expect(open.status).toBe(200);
    const out = await ctx.request({
      method: 'POST',
      url: '/api/auth/logout',
      token: signingOut.token,
    });
    expect(out.statusCode).toBe(204);
    await open.ended;
  });
});

describe('changes made away from the board', () => {
  it('tells each board whose learners wore a tag when the tag is deleted from the catalogue', async () => {
    const here = await createLearner(ctx.db);
    const there = await createLearner(ctx.db);
    await enrol(ctx.db, cohort.id, here.id);
    await enrol(ctx.db, otherCohort.id, there.id);
    const tag = (
      await ctx.request({
        method: 'POST',
        url: '/api/tags',
        token: ada.token,
        payload: { name: 'retired tag' },
      })
    ).json();
    for (const student of [here.id, there.id])
      await ctx.request({
        method: 'POST',
        url: '/api/studenttags',
        token: ada.token,
        payload: { student, tag: tag.id },
      });
    const watchingHere = await stream(grace.token);
    const watchingThere = await stream(grace.token, {}, liveUrl(otherCohort.id));
    await expect.poll(() => viewerNames(watchingThere)).toContain('Grace Hopper');

    const deleted = await ctx.request({
      method: 'DELETE',
      url: `/api/tags/${tag.id}`,
      token: ada.token,
    });
    expect(deleted.statusCode).toBe(204);
    const heard = (open: OpenStream) =>
      changes(open).map((change) => [
        change.student_id,
        change.kind,
        change.summary,
        change.actor?.name,
      ]);
    await expect
      .poll(() => heard(watchingHere))
      .toEqual([[here.id, 'tag', 'tag "retired tag" deleted', 'Ada Lovelace']]);
    await expect
      .poll(() => heard(watchingThere))
      .toEqual([[there.id, 'tag', 'tag "retired tag" deleted', 'Ada Lovelace']]);
    watchingHere.close();
    watchingThere.close();
  });

  it("tells the learner's board when a GitHub sign-in brings a new avatar, and nothing when it brings none", async () => {
    const signingIn = await createLearner(ctx.db, {
      firstName: 'Nova',
      lastName: 'Learner',
      githubId: 9001,
      githubLogin: 'nova',
    });
    await enrol(ctx.db, cohort.id, signingIn.id);
    const watching = await stream(grace.token);
    await expect.poll(() => viewerNames(watching)).toContain('Grace Hopper');
    const signIn = async (avatar: string) => {
      const code = `code-${avatar}-${Date.now()}`;
      github.codes.set(code, { id: 9001, login: 'nova', name: 'Nova Learner', avatar_url: avatar });
      const { clientPage } = await followGithubSignIn(ctx, '/api/auth/github/url', code);
      const answer = await exchangeOneTimeCode(ctx, clientPage.searchParams.get('code') ?? '');
      expect(answer.statusCode).toBe(200);
    };
    const mine = () =>
      changes(watching)
        .filter((change) => change.student_id === signingIn.id)
        .map((change) => [change.kind, change.summary, change.actor?.name]);

    await signIn('https://avatars.test/nova-1.png');
    await expect.poll(mine).toEqual([['detail', 'new avatar', 'Nova Learner']]);
    const board = await ctx.request({
      method: 'GET',
      url: `/api/students?cohort=${cohort.id}`,
      token: ada.token,
    });
    expect(board.json().find((card: { id: number }) => card.id === signingIn.id)).toMatchObject({
      avatar: 'https://avatars.test/nova-1.png',
    });

    // The same avatar again: nothing on the card changed, nothing is sent. A tag sent after it
    // arrives alone, so nothing was on its way before it.
    await signIn('https://avatars.test/nova-1.png');
    await ctx.request({
      method: 'POST',
      url: '/api/studenttags',
      token: ada.token,
      payload: {
        student: signingIn.id,
        tag: (
          await ctx.request({
            method: 'POST',
            url: '/api/tags',
            token: ada.token,
            payload: { name: 'nova' },
          })
        ).json().id,
      },
    });
    await expect.poll(mine).toEqual([
      ['detail', 'new avatar', 'Nova Learner'],
      ['tag', 'tagged "nova"', 'Ada Lovelace'],
    ]);
    watching.close();
  });
});

describe('a reconnect', () => {
  it("replays only its own cohort's changes when two cohorts changed meanwhile", async () => {
    const elsewhere = await createLearner(ctx.db);
    await enrol(ctx.db, otherCohort.id, elsewhere.id);
    const newest = await ctx.db
      .selectFrom('board_changes')
      .select((eb) => eb.fn.max('position').as('position'))
      .executeTakeFirstOrThrow();
    const tagAs = async (student: number, name: string) => {
      const tag = (
        await ctx.request({ method: 'POST', url: '/api/tags', token: ada.token, payload: { name } })
      ).json();
      const tagged = await ctx.request({
        method: 'POST',
        url: '/api/studenttags',
        token: ada.token,
        payload: { student, tag: tag.id },
      });
      expect(tagged.statusCode).toBe(201);
    };
    // Interleaved, so a replay of every cohort's changes would put the other one's in between.
    await tagAs(learner.id, 'here first');
    await tagAs(elsewhere.id, 'there only');
    await tagAs(learner.id, 'here second');

    const since = { 'last-event-id': String(newest.position ?? 0) };
    const here = await stream(ada.token, since);
    const there = await stream(ada.token, since, liveUrl(otherCohort.id));
    const heard = (open: OpenStream) =>
      changes(open).map((change) => [change.cohort, change.student_id, change.summary]);
    await expect
      .poll(() => heard(here))
      .toEqual([
        [cohort.id, learner.id, 'tagged "here first"'],
        [cohort.id, learner.id, 'tagged "here second"'],
      ]);
    await expect
      .poll(() => heard(there))
      .toEqual([[otherCohort.id, elsewhere.id, 'tagged "there only"']]);
    here.close();
    there.close();
  });
});
