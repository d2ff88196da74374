// Never stranded (issue 11): leaving the active cohort switches the demo instructor's dashboard
// to another cohort they coach, and it stays so after a reload; the Student Interface shows the
// instructor a learner dashboard, and staff who coach no cohort one explanation of why not.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, connectBrowser, newContext } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';
import { readSessionToken, signIn } from './support/session.ts';

const baseUrl = serverUrl();

interface CohortRef {
  id: number;
  name: string;
}

let session: BrowserSession;
let page: Page;
let token = '';
let left: CohortRef | null = null;

async function call<T>(method: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { Authorization: `Token ${token}` },
  });
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

const nav = (name: string, on = page) =>
  on.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

async function switchToStudentInterface(on: Page) {
  await on.getByRole('button', { name: 'Settings' }).click();
  const dialog = on.getByRole('dialog', { name: 'User Settings' });
  await dialog.getByRole('button', { name: 'Student Interface' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await on.getByText('You are viewing the learner interface.').waitFor();
}
const currentCohort = () =>
  page.getByRole('navigation', { name: 'Active cohorts' }).locator('[aria-current="true"]');

beforeAll(async () => {
  session = await connectBrowser();
  page = await session.context.newPage();
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page, baseUrl, 'instructor');
  token = (await readSessionToken(page)) ?? '';
});

// Other test files work on the instructor's demo cohorts: coach the one left here again, which
// also makes it the most recently joined, as the demo has it.
afterAll(async () => {
  if (left) await call('POST', `/cohorts/${left.id}/assign?userType=instructor`);
  await session?.close();
});

describe('leaving the active cohort', () => {
  it('leave the active cohort and land on another', async () => {
    const { cohorts } = await call<{ cohorts: CohortRef[] }>('GET', '/profile');
    const [active, other] = cohorts;
    if (!active || !other) throw new Error('the demo instructor coaches two cohorts');
    await nav('Students').click();
    await currentCohort().filter({ hasText: active.name }).waitFor();

    await nav('Cohorts').click();
    const card = page.getByRole('group', { name: active.name });
    await card.getByRole('button', { name: 'Leave' }).click();
    left = active;
    await page.getByText(`Left ${active.name}. Now working in ${other.name}.`).waitFor();
    await card.getByRole('button', { name: 'Join' }).waitFor();
    expect(await page.getByText('You have not joined a cohort. Please choose one.').count()).toBe(
      0,
    );

    // The board is the other cohort's: its strip entry is current and its learners are on it.
    const learners = await call<{ name: string }[]>('GET', `/students?cohort=${other.id}`);
    const someone = learners[0]?.name ?? '';
    expect(someone).not.toBe('');
    await nav('Students').click();
    await page.waitForURL(`${baseUrl}/`);
    await currentCohort().filter({ hasText: other.name }).waitFor();
    await page.getByText(someone, { exact: true }).first().waitFor();

    await page.reload();
    await currentCohort().filter({ hasText: other.name }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('activeCohort'))).toBe(
      String(other.id),
    );
  });
});

describe('a navbar link chosen right after sign-in', () => {
  // The dashboard asks the server which cohorts a coach has and, for staff who coach none, sends
  // them to Cohorts; a link chosen before that answer came is followed all the same, even while
  // its screen is still loading.
  it('is followed though the dashboard learns only afterwards that staff coach no cohort', async () => {
    const context = await newContext(session.browser);
    try {
      const staff = await context.newPage();
      const held = (pattern: RegExp, passFirst: number) => {
        let release = () => {};
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        let seen = 0;
        void staff.route(pattern, async (route) => {
          seen += 1;
          if (seen > passFirst) await released;
          await route.continue();
        });
        return release;
      };
      // Signing in reads the profile once; the dashboard's fresh reads are held.
      const releaseProfile = held(/\/api\/profile(\?|$)/, 1);
      const releaseCourses = held(/\/course-list-page-[^/]*\.js$/, 0);
      await signIn(staff, baseUrl, 'staff');
      // The dashboard is on screen, still waiting for the answer.
      await staff.locator('main').getByRole('status').waitFor({ state: 'detached' });

      await nav('Courses', staff).click();
      const profileRead = staff.waitForResponse(/\/api\/profile(\?|$)/);
      releaseProfile();
      // The dashboard has the whole answer before the chosen screen's code can arrive.
      await (await profileRead).finished();
      releaseCourses();

      await staff.getByRole('heading', { name: 'Courses', level: 1, exact: true }).waitFor();
      expect(new URL(staff.url()).pathname).toBe('/courses');
    } finally {
      await context.close();
    }
  });
});

describe('the Student Interface for staff', () => {
  it('shows the demo instructor a working learner dashboard of a cohort they coach', async () => {
    const view = await call<{ current_cohort: { name: string } }>('GET', '/profile?mimic=true');
    await switchToStudentInterface(page);
    await page.getByTestId('student-dashboard').waitFor();
    await page.getByText(`${view.current_cohort.name} Timeline`).waitFor();
    for (const heading of ['Repositories', 'Student Information', 'Book Self-Assessments']) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    expect(await page.getByText(/accept the invitation/).count()).toBe(0);

    await page.getByRole('button', { name: 'Back to Instructor Interface' }).click();
    await nav('Cohorts').waitFor();
  });

  it('tells staff who coach no cohort, in one message, what to do', async () => {
    const context = await newContext(session.browser);
    try {
      const staff = await context.newPage();
      await signIn(staff, baseUrl, 'staff');
      await switchToStudentInterface(staff);
      await staff.getByRole('heading', { name: 'You do not coach a cohort yet' }).waitFor();
      expect(await staff.getByText(/accept the invitation|ask your instructors/).count()).toBe(0);
      await staff.getByRole('button', { name: 'Go to Cohorts' }).click();
      await staff.waitForURL(`${baseUrl}/cohorts`);
      await staff.getByRole('link', { name: 'Create Cohort' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
