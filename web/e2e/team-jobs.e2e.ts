// Issue 15: saving teams with Slack configured (the local fake, slowed down so each step takes
// a moment) shows the job's progress (the channels are made side by side, each step on its
// own, so the counts in between may pass unseen), then the one channel
// Slack refused with its message and 'Retry'; retrying it makes the channel, and its team card
// shows it. The walk has a server of its own, whose Slack is the fake.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { FakeSlack } from '../../server/test/fake-slack.ts';
import { checkAccessibility } from './support/axe.ts';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { signIn } from './support/session.ts';
import { type RunningServer, startServer } from './support/start-server.ts';

let slack: FakeSlack;
let server: RunningServer;
let session: BrowserSession;
let page: Page;

beforeAll(async () => {
  slack = await new FakeSlack().start();
  slack.chaos = {
    delayMs: 300,
    failRate: 0,
    rateLimitRate: 0,
    lostAnswerRate: 0,
    random: Math.random,
  };
  server = await startServer({
    webDist: inject('webDist'),
    env: {
      SLACK_API_URL: slack.url,
      SLACK_BOT_TOKEN: 'xoxb-e2e',
      JOB_POLL_MS: '200',
      JOB_BACKOFF_MS: '50',
      JOB_MAX_WAIT_MS: '200',
    },
  });
  session = await connectBrowser();
  page = await session.context.newPage();
  await signIn(page, server.url, 'instructor');
});

afterAll(async () => {
  await session?.close();
  await server?.stop();
  await slack?.stop();
});

const says = (text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).first().waitFor();

describe('the progress of a team save', () => {
  it('advances step by step, shows the failure with Retry, and the retry succeeds', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Teams' })
      .click();
    await page.getByRole('heading', { name: 'Teams' }).waitFor();
    await page.getByRole('button', { name: 'Random' }).click();
    await page.getByLabel('Slack channel prefix').fill('Week1');
    // Slack refuses the first channel call it receives for good. The channels are made side by
    // side, so which team's call comes first is not known beforehand.
    slack.nextAnswers.push({ status: 200, body: { ok: false, error: 'restricted_action' } });
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    const progress = page.getByRole('region', { name: 'Slack channels and repositories' });
    await progress.waitFor();
    await says(/^1 of \d+ steps failed$/);
    const failed = progress.getByRole('list', { name: 'Failed' });
    const refusal = failed.getByText(
      /^Team \d+ Slack channel: The Slack workspace does not let the app do this \(restricted_action\)$/,
    );
    await refusal.waitFor();
    const team = (await refusal.textContent())?.match(/^Team \d+/)?.[0] ?? '';
    await checkAccessibility(page, 'teams with a job failure');

    await failed.getByRole('button', { name: `Retry ${team} Slack channel` }).click();
    await says(/^All done: (\d+) of \1 steps succeeded$/);
    await page
      .getByRole('region', { name: team, exact: true })
      .getByText(/^Slack channel CT\d+$/)
      .waitFor();

    await page.getByRole('link', { name: 'All recent jobs of this cohort' }).click();
    await page.getByRole('heading', { level: 1, name: /jobs/i }).first().waitFor();
    await checkAccessibility(page, 'recent jobs');

    // The staff menu reaches the same page.
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'Teams' }).click();
    await page.getByRole('heading', { name: 'Teams' }).waitFor();
    await menu.getByRole('link', { name: 'Jobs' }).click();
    await page.getByRole('heading', { level: 1, name: /jobs/i }).first().waitFor();
  });
});
