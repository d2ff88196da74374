// The learner's walk, signed in as the demo 'student': the overview cards, a self-assessment
// started (or the 'Already Started' toast) and submitted, the Slack member ID, a capstone proposal.
import type { StudentProfile } from '@lp/contract/profile';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAccessibility } from './support/axe.ts';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';
import { readSessionToken, signIn } from './support/session.ts';

const baseUrl = serverUrl();
const suffix = Date.now().toString(36);

let session: BrowserSession;
let page: Page;
let token: string;

async function profile(): Promise<StudentProfile> {
  const response = await fetch(`${baseUrl}/api/profile`, {
    headers: { Authorization: `Token ${token}` },
  });
  return (await response.json()) as StudentProfile;
}

const toast = (text: string | RegExp) => page.locator('.lp-toast').filter({ hasText: text });

beforeAll(async () => {
  session = await connectBrowser();
  page = await session.context.newPage();
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page, baseUrl, 'student');
  token = (await readSessionToken(page)) ?? '';
});

afterAll(async () => {
  await session?.close();
});

describe('the learner overview', () => {
  it('shows the dashboard cards', async () => {
    const me = await profile();
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('student-dashboard').waitFor();
    await page.getByText(`${me.current_cohort.name} Timeline`).waitFor();
    const timeline = await page.getByTestId('cohort-timeline').textContent();
    expect(timeline).toMatch(/You have graduated!|\d+ days completed and \d+ days remaining/);
    for (const heading of [
      'Repositories',
      'Student Information',
      'Capstone Project',
      'Book Self-Assessments',
      'Book Assessment Status',
    ]) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    await page.getByRole('heading', { name: 'Upcoming Events' }).waitFor();
    await checkAccessibility(page, 'overview (learner)');
  });

  it('reads in two columns at 1440 × 900: no date wraps, the details are not a narrow empty column', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseUrl}/`);
    const dashboard = page.getByTestId('student-dashboard');
    await dashboard.waitFor();
    await page.getByTestId('cohort-timeline').waitFor();
    await dashboard.locator('.lp-upcoming time').first().waitFor();
    const measured = await dashboard.evaluate((root) => {
      const box = (element: Element) => element.getBoundingClientRect();
      // Each date on the page (a <time>): its text box is one line high, in one piece.
      const dates = [...root.querySelectorAll('time')].map((time) => {
        const holder = time.parentElement as HTMLElement;
        return {
          text: time.textContent ?? '',
          pieces: time.getClientRects().length,
          height: box(holder).height,
          lineHeight: Number.parseFloat(getComputedStyle(holder).lineHeight),
        };
      });
      const info = root.querySelector('[data-testid="student-information"]') as HTMLElement;
      const timeline = root.querySelector('[data-testid="cohort-timeline"]')?.closest('.rt-Card');
      const content = [...info.querySelectorAll('.rt-Text')].map(box);
      const infoBox = box(info);
      return {
        dates,
        width: box(root).width,
        info: {
          left: infoBox.left,
          top: infoBox.top,
          width: infoBox.width,
          height: infoBox.height,
          // From the card's top to the bottom of its last line, over its whole height.
          filled: (Math.max(...content.map((b) => b.bottom)) - infoBox.top) / infoBox.height,
        },
        timeline: timeline ? { left: box(timeline).left, top: box(timeline).top } : null,
        scrollsSideways: document.documentElement.scrollWidth > window.innerWidth,
      };
    });
    expect(measured.dates.map((date) => date.text)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\w+day, \w+ \d{1,2}, \d{4}$/)]),
    );
    // The cohort's start and end, and at least one upcoming event (the demo cohort has several).
    expect(measured.dates.length).toBeGreaterThanOrEqual(3);
    for (const date of measured.dates) {
      expect(date.pieces, date.text).toBe(1);
      expect(Math.abs(date.height - date.lineHeight), date.text).toBeLessThan(1);
    }
    // Student Information: a column of its own beside the timeline, not a sliver of the row.
    expect(measured.timeline).not.toBeNull();
    expect(Math.abs((measured.timeline?.top ?? 0) - measured.info.top)).toBeLessThan(1);
    expect(measured.timeline?.left).toBeGreaterThan(measured.info.left + measured.info.width - 1);
    expect(measured.info.width).toBeGreaterThanOrEqual(0.45 * measured.width);
    expect(measured.info.filled).toBeGreaterThanOrEqual(0.7);
    expect(measured.scrollsSideways).toBe(false);
    await page.setViewportSize({ width: 1400, height: 1000 });
  });

  it('reads in one column below 1024 px: the timeline under the details', async () => {
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.goto(`${baseUrl}/`);
    const info = page.getByTestId('student-information');
    const timeline = page.getByTestId('cohort-timeline');
    await timeline.waitFor();
    const [details, dates] = [await info.boundingBox(), await timeline.boundingBox()];
    expect(dates?.y).toBeGreaterThanOrEqual((details?.y ?? 0) + (details?.height ?? 0));
    await page.setViewportSize({ width: 1400, height: 1000 });
  });

  it('starts a self-assessment, or says it was already started', async () => {
    await page.getByRole('button', { name: 'Start Self-Assessment' }).click();
    await toast(/Self-assessment started|Already Started|There is no assessment for this book/)
      .first()
      .waitFor();
    const text = await page.locator('.lp-toast').first().textContent();
    // The demo student's current book has an assessment: either it starts now or it had started.
    // The demo server has no GitHub: the toast says no repository was made, and promises no Slack.
    expect(text).toMatch(
      /No repository was created: GitHub is not configured|You have already started the .+ self-assessment/,
    );
    expect(text).not.toMatch(/Slack/);
    // Starting again always meets the existing one.
    await page.getByRole('button', { name: 'Start Self-Assessment' }).click();
    await toast('Already Started').waitFor();
    await toast(/Its status is /).waitFor();
  });

  it('submits the self-assessment only with both boxes ticked', async () => {
    await page.getByRole('button', { name: 'Submit Self-Assessment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Self-Assessment' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog
      .getByText(
        'Please complete the Vocabulary & Understanding questions and push your code to Github.',
      )
      .waitFor();
    await checkAccessibility(page, 'complete self-assessment dialog (learner)', dialog);
    await dialog
      .getByRole('checkbox', { name: 'I have completed the Vocabulary & Understanding questions.' })
      .click();
    await dialog
      .getByRole('checkbox', { name: 'All of my code has been pushed to Github.' })
      .click();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast('Sent!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const me = await profile();
    expect(me.assessment_overview[0]?.status).toBe('Ready for Review');
    await page
      .getByRole('list', { name: 'Self-assessments' })
      .getByText('Ready for Review')
      .first()
      .waitFor();
  });

  it('updates the Slack member ID', async () => {
    const memberId = `U${suffix.toUpperCase()}`.slice(0, 12);
    await page.getByRole('link', { name: 'Update' }).click();
    const field = page.getByPlaceholder('Enter Member ID…');
    await field.waitFor();
    await checkAccessibility(page, 'Slack member ID (learner)');
    // The steps to find the ID beside the form from 768 px wide (1400 here), above it below that.
    const steps = page.getByLabel('How to find your Slack member ID');
    const beside = async () => {
      const [how, input] = [await steps.boundingBox(), await field.boundingBox()];
      return how && input ? input.x >= how.x + how.width : null;
    };
    expect(await beside()).toBe(true);
    await page.setViewportSize({ width: 700, height: 1000 });
    await expect.poll(beside).toBe(false);
    await page.setViewportSize({ width: 1400, height: 1000 });
    await field.fill(memberId);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('student-dashboard').waitFor();
    await page.getByTestId('slack-id').getByText(memberId).waitFor();
    expect((await profile()).slack_handle).toBe(memberId);
  });

  it('submits a capstone proposal and sees it on the dashboard', async () => {
    const me = await profile();
    const course = me.current_cohort.courses?.find((item) => item.active);
    expect(course).toBeDefined();
    const already = me.capstones.some((capstone) => capstone.course === course?.course__name);
    const proposalUrl = `https://docs.google.com/document/d/e2e-${suffix}`;
    const sent = page.getByText(`Your proposal for ${course?.course__name} is sent`);

    if (already) {
      // One proposal per course: the dashboard says it is sent, and the form is not offered.
      await sent.waitFor();
      expect(await page.getByRole('link', { name: 'Submit Proposal' }).count()).toBe(0);
      return;
    }
    await page.getByRole('link', { name: 'Submit Proposal' }).click();
    await page.getByRole('heading', { name: `Submit ${course?.course__name} Proposal` }).waitFor();
    const url = page.getByPlaceholder('Paste Google Doc URL here');
    await url.fill('not a url');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Enter a URL, e.g. https://docs.google.com/…').waitFor();
    await page.getByText('Confirm all five items of the checklist.').waitFor();
    await checkAccessibility(page, 'capstone proposal with errors (learner)');

    await url.fill(proposalUrl);
    await page
      .getByLabel('Project overview')
      .fill('A tracker for house plants and their watering.');
    const boxes = page.getByRole('checkbox');
    expect(await boxes.count()).toBe(5);
    for (let index = 0; index < 5; index++) await boxes.nth(index).click();
    await page.getByRole('button', { name: 'Submit' }).click();

    await toast('Proposal submitted').waitFor();
    await page.getByTestId('student-dashboard').waitFor();
    const row = page.getByRole('list', { name: 'Capstone proposals' }).getByRole('link', {
      name: course?.course__name ?? '',
    });
    await row.first().waitFor();
    expect(await row.first().getAttribute('href')).toBe(proposalUrl);
    await sent.waitFor();
    expect(await page.getByRole('link', { name: 'Submit Proposal' }).count()).toBe(0);
  });

  it("passes the accessibility checks on the learner's other screens", async () => {
    const screens = [
      {
        link: 'Capstones',
        heading: 'Official Assessments: Capstone Project',
        ready: page.getByRole('heading', { name: 'Server Side Capstone Project' }),
      },
      {
        link: 'Core Skills',
        heading: 'Core Skills',
        ready: page.getByRole('heading', { name: 'Communication' }),
      },
      {
        link: 'Calendar',
        heading: 'Calendar',
        ready: page.getByRole('list', { name: 'Event types' }),
      },
    ];
    for (const { link, heading, ready } of screens) {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: link, exact: true })
        .click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await ready.waitFor();
      expect(await page.title()).toBe(`${heading} · Learning Platform`);
      await checkAccessibility(page, `${link} (learner)`);
    }
    for (const path of ['/assessment/client', '/assessment/server', '/readme']) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await checkAccessibility(page, `${path} (learner)`);
    }
  });
});
