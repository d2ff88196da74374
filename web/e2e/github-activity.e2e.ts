// GitHub activity on the live board, on a server of its own with a webhook secret: a new learner
// of the demo cohort, on their first project and in its book's self-assessment, gets a repository of the cohort's
// organisation linked by the demo instructor. GitHub's deliveries, signed as GitHub signs them,
// then arrive one by one: a push, a failing check run and the same run passing. The instructor's
// open board shows each without a reload, and the evaluation dialog shows the last commit. The
// learner is created for the walk and deleted afterwards.
import { createHmac, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiCall, apiCaller } from './support/api.ts';
import { boardCard } from './support/board.ts';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { readSessionToken, signIn } from './support/session.ts';
import { type RunningServer, startServer } from './support/start-server.ts';
import { escapeFrom } from './support/wait.ts';

const WEBHOOK_SECRET = 'e2e-webhook-secret-0123456789';
const suffix = Date.now().toString(36);
const learner = { id: 0, name: `Pusher Hub${suffix}` };
const repository = { id: 880_000 + (Date.now() % 100_000), owner: '', name: `toys-${suffix}` };
const headSha = createHmac('sha1', suffix).update('head').digest('hex');
const COMMIT_MESSAGE = `Add the toy list ${suffix}`;

let server: RunningServer;
let session: BrowserSession;
let page: Page;
let call: ApiCall;
/**
 * Each delivery a little later than the one before, as GitHub's own times would be, and never
 * before now: the work is done after the self-assessment started.
 */
let clock = 0;
const later = () => {
  clock = Math.max(clock + 1_000, Date.now());
  return new Date(clock);
};

interface CourseData {
  books: { id: number; index: number }[];
}

/** POST /github/webhooks as GitHub sends it: the exact body signed with HMAC-SHA256. */
async function deliver(event: string, payload: Record<string, unknown>) {
  const body = JSON.stringify(payload);
  const signature = createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
  const response = await fetch(`${server.url}/api/github/webhooks`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-GitHub-Event': event,
      'X-GitHub-Delivery': randomUUID(),
      'X-Hub-Signature-256': `sha256=${signature}`,
    },
    body,
  });
  expect(response.status).toBe(202);
  expect(((await response.json()) as { outcome: string }).outcome).toBe('queued');
}

const repositoryPayload = (pushedAt: Date) => ({
  id: repository.id,
  full_name: `${repository.owner}/${repository.name}`,
  html_url: `https://github.com/${repository.owner}/${repository.name}`,
  default_branch: 'main',
  pushed_at: Math.floor(pushedAt.getTime() / 1000),
});

function push() {
  const at = later();
  const commit = {
    id: headSha,
    message: `${COMMIT_MESSAGE}\n\nWith the prices.`,
    timestamp: at.toISOString(),
    url: `https://github.com/${repository.owner}/${repository.name}/commit/${headSha}`,
  };
  return deliver('push', {
    ref: 'refs/heads/main',
    after: headSha,
    before: '0'.repeat(40),
    deleted: false,
    compare: commit.url,
    commits: [commit],
    head_commit: commit,
    repository: repositoryPayload(at),
    pusher: { name: 'pusher' },
    sender: { login: 'pusher' },
  });
}

/** The same check run (one id) each time, so a later delivery is its newer state. */
function checkRun(conclusion: 'failure' | 'success') {
  const at = later();
  return deliver('check_run', {
    action: 'completed',
    check_run: {
      id: 4242,
      name: 'CI',
      status: 'completed',
      conclusion,
      started_at: new Date(at.getTime() - 500).toISOString(),
      completed_at: at.toISOString(),
      html_url: `https://github.com/${repository.owner}/${repository.name}/runs/4242`,
      head_sha: headSha,
    },
    repository: repositoryPayload(at),
    sender: { login: 'github-actions' },
  });
}

const card = () => boardCard(page, learner.name);
const cardMark = (name: string) => card().getByRole('img', { name, exact: true });

beforeAll(async () => {
  server = await startServer({
    webDist: inject('webDist'),
    env: { GITHUB_WEBHOOK_SECRET: WEBHOOK_SECRET },
  });
  session = await connectBrowser();
  page = await session.context.newPage();
  await page.setViewportSize({ width: 1800, height: 1000 });
  await signIn(page, server.url, 'instructor');
  call = apiCaller(server.url, (await readSessionToken(page)) ?? '');
  const profile = await call<{ person: { active_cohort: number } }>('GET', '/profile');
  const cohortId = profile.body.person.active_cohort;

  // A repository of the cohort's organisation is one the learner may have linked.
  const cohort = await call<{ student_organization_url: string | null }>(
    'GET',
    `/cohorts/${cohortId}`,
  );
  const organisation = cohort.body.student_organization_url?.match(
    /^https:\/\/github\.com\/([^/]+)/,
  )?.[1];
  if (!organisation) throw new Error('The demo cohort has no GitHub organisation');
  repository.owner = organisation;

  const courses = await call<CourseData[]>('GET', `/courses?cohortId=${cohortId}&active=true`);
  const book = [...(courses.body[0]?.books ?? [])].sort((a, b) => a.index - b.index)[0];
  if (!book) throw new Error('The demo cohort has no course with books');

  const created = await call<{ id: number }>('POST', '/users', {
    username: `e2e-github-${suffix}`,
    password: 'long enough password',
    first_name: 'Pusher',
    last_name: `Hub${suffix}`,
    cohort: cohortId,
  });
  expect(created.status).toBe(201);
  learner.id = created.body.id;
  // A new learner starts on the first project of the course's first book.
  const started = await call('POST', `/students/${learner.id}/assess`, { bookId: book.id });
  expect(started.status).toBe(201);
  const ready = await call('PUT', `/students/${learner.id}/assess`, { statusId: 2 });
  expect(ready.status).toBeLessThan(300);
  const linked = await call('POST', `/students/${learner.id}/repositories`, {
    url: `https://github.com/${repository.owner}/${repository.name}`,
  });
  expect(linked.status).toBe(201);
});

afterAll(async () => {
  if (learner.id) await call('DELETE', `/students/${learner.id}`);
  await session?.close();
  await server?.stop();
});

describe('GitHub activity on the live board', () => {
  it('shows a push, then failing and passing checks as they arrive, without a reload', async () => {
    // The board signed in on is left first: its stream, opened late (once the board was drawn),
    // could otherwise answer while the next board loads and be taken for that board's stream.
    await page.goto('about:blank');
    // The live stream is open once its answer's headers are in: deliveries from then on reach it.
    const streamOpen = page.waitForResponse(
      (response) => /\/live\?ticket=/.test(response.url()) && response.status() === 200,
    );
    await page.goto(`${server.url}/`);
    await card().waitFor();
    // Linked, nothing pushed yet.
    await cardMark('Nothing pushed yet').waitFor();
    // Every board the page shows from here on is the same document.
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await streamOpen;

    await push();
    // The live mark shows for a few seconds only: it is looked for from the moment of the push,
    // beside the lasting one, so that a busy machine cannot let it pass unseen.
    await Promise.all([
      cardMark('Last push today').waitFor(),
      card().getByText('pushed 1 commit on GitHub', { exact: true }).waitFor(),
    ]);

    await checkRun('failure');
    await cardMark('Checks failing').waitFor();

    await checkRun('success');
    await cardMark('Checks passing').waitFor();
    expect(await cardMark('Checks failing').count()).toBe(0);
    expect(navigations).toBe(0);
  });

  it('shows the last commit in the evaluation dialog', async () => {
    await card()
      .getByRole('button', { name: `Actions for ${learner.name}` })
      .click();
    const status = page.getByRole('menuitem', { name: 'Assessment status' });
    await status.focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('menuitem', { name: 'Reviewed and Complete' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Assessment Evaluation' });
    const section = dialog.getByRole('region', { name: 'Repository' });
    await section.getByRole('link', { name: COMMIT_MESSAGE, exact: true }).waitFor();
    await section.getByRole('list', { name: 'Checks' }).getByText('CI: success').waitFor();
    expect(
      await section.getByText('Nothing pushed since this self-assessment started').count(),
    ).toBe(0);
    await escapeFrom(dialog);
    await dialog.waitFor({ state: 'detached' });
  });
});
