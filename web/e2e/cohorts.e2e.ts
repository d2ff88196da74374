import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatLongDay as longDay, todayIn, weekdayOf } from '../src/lib/dates.ts';
import { checkAccessibility } from './support/axe.ts';
import { type BrowserSession, launchBrowser, newContext } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';
import { DEMO_PASSWORD, readSessionToken, signIn } from './support/session.ts';

// The cohort walk of issue 4, as an instructor would do it: create a cohort, find it, join and
// leave, edit it, share its invitation link, add a learner, keep its calendar, migrate it.

const baseUrl = serverUrl();
const COHORT = 'Day Cohort 99 (e2e)';

let session: BrowserSession;
let page: Page;

/** Today in America/Chicago plus whole days, 'YYYY-MM-DD'. */
const chicagoDay = (offset: number) => addDays(todayIn('America/Chicago'), offset);

/** The Monday on or after a day, so a drag stays within one calendar week row. */
const mondayFrom = (day: string) => addDays(day, (8 - weekdayOf(day)) % 7);

async function apiAs(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      Authorization: `Token ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function passwordToken(username: string, password = DEMO_PASSWORD) {
  const response = await fetch(`${baseUrl}/api/accounts/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await response.json()) as { token: string }).token;
}

const toast = (text: string) => page.getByText(text, { exact: true }).first();
const undoIn = (text: string) =>
  page.locator('.lp-toast').filter({ hasText: text }).getByRole('button', { name: 'Undo' }).click();
const card = () => page.getByRole('group', { name: COHORT });
const overlay = () => page.getByRole('dialog', { name: COHORT });
const day = (date: string): Locator => overlay().locator(`[data-date="${date}"]`);
/** Waits for the form's alert to say exactly this (it may still show the previous message). */
const alertSays = (text: string) =>
  page
    .getByRole('alert')
    .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .waitFor();

beforeAll(async () => {
  // It reads what the page copied: a browser of its own, whose clipboard no other file writes.
  session = await launchBrowser();
  await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: baseUrl,
  });
  page = await session.context.newPage();
  await signIn(page, baseUrl, 'instructor');
});

// The walk made the instructor a coach of its cohort, the newest they coach and so their active
// one; other test files work on the instructor's demo cohort, so give it back.
afterAll(async () => {
  if (cohortId && instructorToken)
    await apiAs(instructorToken, 'DELETE', `/cohorts/${cohortId}/assign?userType=instructor`);
  await session?.close();
});

const start = chicagoDay(-14);
const end = chicagoDay(70);
const oneDay = mondayFrom(chicagoDay(7));
const dragFrom = addDays(oneDay, 1);
const dragTo = addDays(oneDay, 3);
let cohortId = 0;
let instructorToken = '';

describe('cohorts, as an instructor', () => {
  it('creates a cohort with both courses after the form’s alerts', async () => {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Cohorts' })
      .click();
    await page.getByRole('link', { name: 'Create Cohort' }).click();
    await page.getByRole('heading', { name: 'New Cohort' }).waitFor();
    expect(await page.getByLabel('Instructor Slack Channel ID').inputValue()).toBe('C06GHMZB3M3');

    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await alertSays('Please fill out all fields.');
    // The empty fields are marked and described by the alert; the first one has the focus.
    const name = page.getByLabel('Cohort name');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await page.getByLabel('End date').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Instructor Slack Channel ID').getAttribute('aria-invalid')).toBe(
      'false',
    );

    await page.getByLabel('Cohort name').fill(COHORT);
    await page.getByLabel('Github Org URL').fill('https://github.com/day-cohort-99');
    await page.getByLabel('Start date').fill(start);
    await page.getByLabel('End date').fill(end);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await alertSays('Please select a course for both client and server side.');
    await checkAccessibility(page, 'new cohort with an alert');

    await page
      .getByRole('region', { name: 'Client side' })
      .getByRole('button', { name: 'JavaScript' })
      .click();
    await page
      .getByRole('region', { name: 'Server side' })
      .getByRole('button', { name: 'Python' })
      .click();
    expect(
      await page
        .getByRole('region', { name: 'Client side' })
        .getByRole('button', { name: 'JavaScript' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(`${baseUrl}/cohorts`);
    await card().waitFor();
    await checkAccessibility(page, 'cohorts');
    instructorToken = (await readSessionToken(page)) ?? '';
    const listed = await apiAs(instructorToken, 'GET', `/cohorts?q=${encodeURIComponent(COHORT)}`);
    cohortId = listed.body[0].id;
    expect(cohortId).toBeGreaterThan(0);
  });

  it('toggles Show Previous 12 / Show Active Cohorts', async () => {
    await page.getByRole('button', { name: 'Show Previous 12 Cohorts' }).click();
    await page.getByRole('group', { name: 'Evening Cohort 18' }).waitFor();
    expect(await card().count()).toBe(0);
    await page.getByRole('button', { name: 'Show Active Cohorts' }).click();
    await card().waitFor();
    expect(await page.getByRole('group', { name: 'Evening Cohort 18' }).count()).toBe(0);
  });

  it('joins and leaves the cohort, then joins it to run its calendar', async () => {
    await card().getByRole('button', { name: 'Join' }).click();
    await card().getByRole('button', { name: 'Leave' }).waitFor();
    await card().getByRole('button', { name: 'Leave' }).click();
    await card().getByRole('button', { name: 'Join' }).waitFor();
    await card().getByRole('button', { name: 'Join' }).click();
    await card().getByRole('button', { name: 'Leave' }).waitFor();
    // The joined cohort becomes the active one once the join has been answered.
    await page.waitForFunction(
      (id) => window.localStorage.getItem('activeCohort') === id,
      String(cohortId),
    );
  });

  it('edits the Slack channel inline: Escape cancels, Enter saves', async () => {
    const pencil = card().getByRole('button', { name: 'Set instructor channel Slack ID' });
    await pencil.click();
    await card().getByLabel('Instructor Slack channel ID').fill('CNOTSAVED');
    await page.keyboard.press('Escape');
    await card().getByText('C06GHMZB3M3').waitFor();
    await pencil.click();
    await card().getByLabel('Instructor Slack channel ID').fill('C099E2E');
    await page.keyboard.press('Enter');
    await toast(`${COHORT}: Slack channel ID saved.`).waitFor();
    await card().getByText('C099E2E').waitFor();
    const saved = await apiAs(instructorToken, 'GET', `/cohorts/${cohortId}`);
    expect(saved.body.slack_channel).toBe('C099E2E');
  });

  it('opens the overlay, copies a working invitation link and saves URLs', async () => {
    await card().getByRole('button', { name: COHORT }).click();
    await overlay().waitFor();
    const link =
      (await overlay().getByRole('status', { name: 'Invitation link' }).textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^${baseUrl}/api/auth/github/url\\?cohort=${cohortId}&v=.+`));
    await overlay().getByRole('list', { name: 'Event types' }).waitFor();
    await checkAccessibility(page, 'cohort overlay', overlay());
    await overlay().getByRole('button', { name: 'Copy invitation link' }).click();
    await toast('URL copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // The link starts a GitHub sign-in that carries the invitation.
    const started = await fetch(link, { redirect: 'manual' });
    expect(started.status).toBe(302);
    expect(started.headers.get('location')).toContain('/login/oauth/authorize');

    await overlay().getByLabel('Attendance Sheet URL:').fill('https://docs.example.com/day-99');
    expect(await overlay().getByLabel('Github Organization URL:').inputValue()).toBe(
      'https://github.com/day-cohort-99',
    );
    await overlay().getByRole('button', { name: 'Save URLs' }).click();
    await toast(`${COHORT}: links saved.`).waitFor();
    const saved = await apiAs(instructorToken, 'GET', `/cohorts/${cohortId}`);
    expect(saved.body).toMatchObject({
      attendance_sheet_url: 'https://docs.example.com/day-99',
      student_organization_url: 'https://github.com/day-cohort-99',
    });
    // Undo puts the links back as they were: no attendance sheet, the same organisation.
    await undoIn(`${COHORT}: links saved.`);
    await toast(`${COHORT}: links put back.`).waitFor();
    await expect.poll(() => overlay().getByLabel('Attendance Sheet URL:').inputValue()).toBe('');
    const undone = await apiAs(instructorToken, 'GET', `/cohorts/${cohortId}`);
    expect(undone.body.attendance_sheet_url ?? '').toBe('');
    expect(undone.body.student_organization_url).toBe('https://github.com/day-cohort-99');
  });

  it('toggles Active and Capstone, and they stay after a reload', async () => {
    const active = overlay().getByRole('switch', { name: 'Active:' });
    const capstone = overlay().getByRole('switch', { name: 'Capstone:' });
    expect(await active.getAttribute('aria-checked')).toBe('true');
    await active.click();
    await expect.poll(() => active.getAttribute('aria-checked')).toBe('false');
    // The toast's Undo, inside the overlay, makes it active again.
    await undoIn(`${COHORT} is inactive now.`);
    await toast(`${COHORT} is active again.`).waitFor();
    await expect.poll(() => active.getAttribute('aria-checked')).toBe('true');
    await capstone.click();
    await expect.poll(() => capstone.getAttribute('aria-checked')).toBe('true');
    await page.reload();
    await overlay().waitFor();
    await expect
      .poll(() => overlay().getByRole('switch', { name: 'Capstone:' }).getAttribute('aria-checked'))
      .toBe('true');
    await overlay().getByRole('switch', { name: 'Capstone:' }).click();
    await expect
      .poll(async () => (await apiAs(instructorToken, 'GET', `/cohorts/${cohortId}`)).body.capstone)
      .toBe(false);
  });

  it('adds a learner without a cohort, found by last name', async () => {
    const staffToken = await passwordToken('staff');
    const created = await apiAs(staffToken, 'POST', '/users', {
      username: 'e2e-quintero',
      password: 'long enough',
      first_name: 'Nova',
      last_name: 'Quintero',
    });
    expect(created.status).toBe(201);

    await overlay().getByRole('button', { name: 'Transfer Student to Cohort' }).click();
    const find = page.getByRole('dialog', { name: 'Find Student' });
    await find.getByPlaceholder('Student last name').fill('quint');
    await find.getByRole('button', { name: 'Nova Quintero' }).waitFor();
    await checkAccessibility(page, 'find student dialog', find);
    await find.getByRole('button', { name: 'Nova Quintero' }).click();
    await toast(`Nova Quintero transferred to ${COHORT}`).waitFor();
    await find.waitFor({ state: 'hidden' });
    const learners = async () =>
      (await apiAs(instructorToken, 'GET', `/cohorts/${cohortId}`)).body.students;
    await expect.poll(learners).toBe(1);
    // Undo takes them out again, and the search finds them once more.
    await undoIn(`Nova Quintero transferred to ${COHORT}`);
    await expect.poll(learners).toBe(0);
    const profile = await apiAs(instructorToken, 'GET', `/students/${created.body.id}`);
    // Exactly as before: not even an ended membership is left.
    expect(profile.body).toMatchObject({ current_cohort: null, cohorts: [] });
    await overlay().getByRole('button', { name: 'Transfer Student to Cohort' }).click();
    await find.getByPlaceholder('Student last name').fill('quint');
    await find.getByRole('button', { name: 'Nova Quintero' }).click();
    await toast(`Nova Quintero transferred to ${COHORT}`).waitFor();
    await expect.poll(learners).toBe(1);
  });

  it('adds a one-day event by double-click and a multi-day event by drag, coloured with the legend', async () => {
    const legend = overlay().getByRole('list', { name: 'Event types' });
    for (const name of ['Group Project', 'Career Development', 'Intersession', 'Holiday'])
      await legend.getByText(name).waitFor();

    await day(oneDay).dblclick();
    const add = page.getByRole('dialog', { name: 'Add Event' });
    await add.getByText(`Add an event for ${longDay(oneDay)}`).waitFor();
    await add.getByPlaceholder('Enter event name').fill('Demo Day');
    await add.getByLabel('Time').fill('09:00');
    await add.getByRole('button', { name: /Select event type/ }).click();
    await page.getByRole('menuitem', { name: 'Career Development' }).click();
    await add.getByPlaceholder('Enter event description').fill('Show the cohort what you built.');
    await checkAccessibility(page, 'add event dialog', add);
    await add.getByRole('button', { name: 'Add Event' }).click();
    await add.waitFor({ state: 'hidden' });
    // The day shows the colour its type has in the legend (the pointer moved off it first, as a
    // day under the pointer shows its highlight instead).
    await page.mouse.move(0, 0);
    const legendColour = await legend
      .getByRole('listitem')
      .filter({ hasText: 'Career Development' })
      .locator('.lp-calendar__swatch')
      .evaluate((swatch) => getComputedStyle(swatch).backgroundColor);
    await expect
      .poll(() => day(oneDay).evaluate((cell) => getComputedStyle(cell).backgroundColor))
      .toBe(legendColour);

    await day(dragFrom).scrollIntoViewIfNeeded();
    const from = await day(dragFrom).boundingBox();
    const to = await day(dragTo).boundingBox();
    if (!from || !to) throw new Error('calendar days are not visible');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
    await page.mouse.up();
    await add
      .getByText(`Add an event for ${longDay(dragFrom)} to ${longDay(dragTo)} (3 days)`)
      .waitFor();
    await add.getByPlaceholder('Enter event name').fill('Intersession');
    await add.getByRole('button', { name: /Select event type/ }).click();
    await page.getByRole('menuitem', { name: 'Intersession' }).click();
    await add.getByRole('button', { name: 'Add Event' }).click();
    await add.waitFor({ state: 'hidden' });
    await toast('3 events added').waitFor();
    for (const date of [dragFrom, addDays(dragFrom, 1), dragTo]) {
      await expect
        .poll(() => day(date).getAttribute('aria-label'))
        .toBe(`${longDay(date)}: 1 event`);
    }
    const events = await apiAs(instructorToken, 'GET', `/events?cohort=${cohortId}`);
    expect(
      events.body.map((event: { date: string; time: string | null }) => [event.date, event.time]),
    ).toEqual([
      [oneDay, '09:00'],
      [dragFrom, null],
      [addDays(dragFrom, 1), null],
      [dragTo, null],
    ]);
  });

  it('shows a day’s events on hover and in Events for {date}, and deletes one', async () => {
    await day(oneDay).hover();
    await page.locator('.rt-HoverCardContent').getByText('Demo Day').waitFor();
    expect(await page.locator('.rt-HoverCardContent').textContent()).toContain('9:00 am: Demo Day');
    // The hovered day's number stays readable on its highlight.
    await checkAccessibility(page, 'calendar with a day with an event hovered');

    await day(oneDay).click();
    const dayDialog = page.getByRole('dialog', { name: `Events for ${longDay(oneDay)}` });
    await dayDialog.getByText('Show the cohort what you built.').waitFor();
    await checkAccessibility(page, 'events for a day dialog', dayDialog);
    await dayDialog.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete event?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('Event deleted: Demo Day').waitFor();
    await dayDialog.getByText('No events for this date').waitFor();
    await dayDialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => day(oneDay).getAttribute('aria-label')).toBe(longDay(oneDay));
  });

  it('migrates the cohort to server side after the spec’s confirmation', async () => {
    const learnerToken = await passwordToken('e2e-quintero', 'long enough');
    const before = (await apiAs(learnerToken, 'GET', '/profile')).body.project;
    expect(before.name).not.toBe('Unassigned');

    // Another coached cohort is the active one when the migration starts.
    const profile = (await apiAs(instructorToken, 'GET', '/profile')).body;
    const other = profile.cohorts.find((item: { id: number }) => item.id !== cohortId).id;
    await page.evaluate((id) => window.localStorage.setItem('activeCohort', String(id)), other);
    await overlay().getByRole('button', { name: 'Migrate to server-side' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Migrate to server-side' });
    expect(await confirm.textContent()).toContain(
      'Verify that you want to migrate this cohort to server side mode. All students will be assigned to the first project of the server side course.',
    );
    await confirm.getByRole('button', { name: 'Migrate' }).click();
    await page.waitForURL(`${baseUrl}/`);
    // The board shown is the migrated cohort's.
    await page
      .getByRole('navigation', { name: 'Active cohorts' })
      .locator('[aria-current="true"]', { hasText: COHORT })
      .waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('activeCohort'))).toBe(
      String(cohortId),
    );

    const cohort = (await apiAs(instructorToken, 'GET', `/cohorts/${cohortId}`)).body;
    expect(
      cohort.courses.map((course: { course: { name: string }; active: boolean }) => [
        course.course.name,
        course.active,
      ]),
    ).toEqual([
      ['JavaScript', false],
      ['Python', true],
    ]);
    const after = (await apiAs(learnerToken, 'GET', '/profile')).body.project;
    expect(after.id).not.toBe(before.id);

    // The toast's Undo, on the board it led to, puts the learner's project and the course back.
    await undoIn(`${COHORT} is now on its server side course`);
    await toast(
      `${COHORT} is back on its client side course, each learner on their project.`,
    ).waitFor();
    const projectNow = async () => (await apiAs(learnerToken, 'GET', '/profile')).body.project.id;
    expect(await projectNow()).toBe(before.id);
    // Migrated again, for what follows.
    expect((await apiAs(instructorToken, 'PUT', `/cohorts/${cohortId}/migrate`)).status).toBe(204);
    expect(await projectNow()).toBe(after.id);

    await page.goto(`${baseUrl}/cohorts?cohort=${cohortId}`);
    await overlay().getByRole('heading', { name: 'Courses' }).waitFor();
    expect(await overlay().getByRole('button', { name: 'Migrate to server-side' }).count()).toBe(0);
  });
});

describe('the student calendar', () => {
  it('shows the learner’s cohort calendar read-only', async () => {
    // The instructor is signed in in this browser's tabs; the learner uses a browser of their own.
    const learnerContext = await newContext(session.browser);
    const student = await learnerContext.newPage();
    try {
      await signIn(student, baseUrl, 'student');
      await student
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Calendar' })
        .click();
      const calendar = student.getByTestId('cohort-calendar');
      await calendar.getByRole('list', { name: 'Event types' }).waitFor();
      const busy = calendar.locator('.lp-calendar__day.has-events').first();
      await busy.waitFor();
      expect(await calendar.getByRole('button', { name: 'Add Event' }).count()).toBe(0);
      await checkAccessibility(student, 'calendar (learner)');
      await busy.click();
      const dialog = student.getByRole('dialog', { name: /^Events for / });
      await dialog.waitFor();
      expect(await dialog.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      await checkAccessibility(student, 'events for a day dialog (learner)', dialog);
    } finally {
      await learnerContext.close();
    }
  });
});
