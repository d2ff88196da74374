// A cohort's data out and in as CSV, as the demo instructor does it from the cohort overlay:
// export the progress file and read a learner's row back; import a roster whose one bad line the
// preview shows and Apply refuses, fix it, apply, and the new learners are on the board; undo
// another import from its toast. The learners are made for the walk and deleted afterwards.
import { buffer } from 'node:stream/consumers';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCall, apiCaller, signInWithPassword } from './support/api.ts';
import { checkAccessibility } from './support/axe.ts';
import { boardCard } from './support/board.ts';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';
import { signIn } from './support/session.ts';

const baseUrl = serverUrl();
const suffix = Date.now().toString(36);
const HEADER = 'First name,Last name,GitHub login,Email';

let session: BrowserSession;
let page: Page;
let asAda: ApiCall;
const home = { id: 0, name: '' };

beforeAll(async () => {
  session = await connectBrowser();
  asAda = apiCaller(baseUrl, await signInWithPassword(baseUrl, 'instructor'));
  const profile = await asAda<{ person: { active_cohort: number } }>('GET', '/profile');
  home.id = profile.body.person.active_cohort;
  home.name = (await asAda<{ name: string }>('GET', `/cohorts/${home.id}`)).body.name;
  page = await session.context.newPage();
  await signIn(page, baseUrl, 'instructor');
});

afterAll(async () => {
  const board = await asAda<{ id: number; name: string }[]>('GET', `/students?cohort=${home.id}`);
  for (const learner of board.body ?? [])
    if (learner.name.includes(suffix)) await asAda('DELETE', `/students/${learner.id}`);
  // The learner whose import was undone is in no cohort: found by name.
  const undone = await asAda<{ id: number }[]>('GET', `/students?lastname_like=Undone${suffix}`);
  for (const learner of undone.body ?? []) await asAda('DELETE', `/students/${learner.id}`);
  await session?.close();
});

async function openCohortOverlay() {
  await page.goto(`${baseUrl}/cohorts`);
  await page
    .getByRole('group', { name: home.name })
    .getByRole('button', { name: home.name })
    .click();
  const overlay = page.getByRole('dialog', { name: home.name });
  await overlay.waitFor();
  return overlay;
}

const toast = (text: string) => page.getByText(text, { exact: true }).first();

describe('cohort CSV', () => {
  it("exports the cohort's progress and reads a learner's row back", async () => {
    const name = `Csv Export${suffix}`;
    const email = `csv-${suffix}@example.com`;
    const created = await asAda<{ id: number }>('POST', '/users', {
      username: `e2e-csv-${suffix}`,
      password: 'long enough password',
      first_name: 'Csv',
      last_name: `Export${suffix}`,
      email,
      cohort: home.id,
    });
    expect(created.status).toBe(201);
    const overlay = await openCohortOverlay();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      overlay.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/-progress-\d{4}-\d{2}-\d{2}\.csv$/);
    await toast(`Downloaded ${download.suggestedFilename()}`).waitFor();
    // The browser runs elsewhere: the file comes back as a stream, not a local path.
    const bytes = await buffer(await download.createReadStream());
    // Buffer keeps the byte order mark that a TextDecoder would drop.
    const text = bytes.toString('utf8');

    const start = '\uFEFFName,GitHub login,Email,Book,Project,Days on project,';
    expect(text.slice(0, start.length)).toBe(start);
    const lines = text.split('\r\n');
    const row = lines.find((line) => line.startsWith(`${name},`));
    // New, with no GitHub login yet, on the course's first project since today.
    expect(row).toMatch(new RegExp(`^${name},,${email},[^,]+,[^,]+,0,`));
    expect(lines.at(-1)).toBe('');
  });

  it('previews a roster, refuses it while a line has an error, then applies the fixed file', async () => {
    const people = ['Ines', 'Omar', 'Yuki'].map((first) => ({
      first,
      last: `Roster${suffix}`,
      login: `e2e-${first.toLowerCase()}-${suffix}`,
    }));
    const line = (p: (typeof people)[number], email: string) =>
      `${p.first},${p.last},${p.login},${email}`;
    const [ines, omar, yuki] = people as [
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
    ];
    const bad = [
      HEADER,
      line(ines, 'ines@example.com'),
      line(omar, 'omar-at-example'),
      line(yuki, 'yuki@example.com'),
    ];
    const fixed = [...bad];
    fixed[2] = line(omar, 'omar@example.com');
    const file = (lines: string[]) => ({
      name: 'roster.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${lines.join('\r\n')}\r\n`),
    });

    const overlay = await openCohortOverlay();
    await overlay.getByRole('button', { name: 'Import roster' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import roster' });
    await dialog.getByLabel('Roster file').setInputFiles(file(bad));

    const errorRow = dialog.getByRole('row', {
      name: /Email 'omar-at-example' is not an email address/,
    });
    await errorRow.waitFor();
    expect(await errorRow.getAttribute('class')).toContain('is-error');
    await dialog.getByText('2 new, 0 to enrol, 0 already in, 1 error', { exact: false }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await checkAccessibility(page, 'roster import preview', dialog);

    await dialog.getByLabel('Roster file').setInputFiles(file(fixed));
    await dialog
      .getByRole('row', { name: new RegExp(`New account for Omar Roster${suffix}`) })
      .waitFor();
    const apply = dialog.getByRole('button', { name: 'Apply' });
    expect(await apply.isEnabled()).toBe(true);
    await apply.click();
    await toast('Added 3 learners').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${baseUrl}/`);
    for (const person of people) await boardCard(page, `${person.first} ${person.last}`).waitFor();
  });

  it('reads a roster saved in Windows-1252 as it is, says so, and the learner is René', async () => {
    const name = `René Encoded${suffix}`;
    const overlay = await openCohortOverlay();
    await overlay.getByRole('button', { name: 'Import roster' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import roster' });
    // Excel's plain 'CSV' on Windows: é is the one byte 0xE9.
    await dialog.getByLabel('Roster file').setInputFiles({
      name: 'windows.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `${HEADER}\r\nRené,Encoded${suffix},e2e-rene-${suffix},rene@example.com\r\n`,
        'latin1',
      ),
    });
    await dialog.getByText('Read as Windows-1252', { exact: false }).waitFor();
    await dialog.getByRole('row', { name: new RegExp(`New account for ${name}`) }).waitFor();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await toast('Added 1 learner').waitFor();

    await page.goto(`${baseUrl}/`);
    await boardCard(page, name).waitFor();
  });

  it('takes an applied import back from its toast: the learner leaves the board again', async () => {
    const name = `Uma Undone${suffix}`;
    const overlay = await openCohortOverlay();
    await overlay.getByRole('button', { name: 'Import roster' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import roster' });
    await dialog.getByLabel('Roster file').setInputFiles({
      name: 'one.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${HEADER}\r\nUma,Undone${suffix},e2e-uma-${suffix},uma@example.com\r\n`),
    });
    await dialog.getByRole('row', { name: new RegExp(`New account for ${name}`) }).waitFor();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const applied = page
      .locator('.lp-toast[data-state="open"]')
      .filter({ hasText: 'Added 1 learner' });
    await applied.getByRole('button', { name: 'Undo' }).click();
    await toast(`Removed 1 learner from ${home.name} again`).waitFor();

    await page.goto(`${baseUrl}/`);
    // The board has loaded once the learners of the previous import show.
    await boardCard(page, `Ines Roster${suffix}`).waitFor();
    expect(await boardCard(page, name).count()).toBe(0);
  });
});
