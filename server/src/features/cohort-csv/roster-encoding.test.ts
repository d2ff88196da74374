import type { RosterImport } from '@lp/contract/roster';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCohortCourse,
  createCohort,
  createCourse,
  createStaff,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

// Roster files as spreadsheets save them: Excel's plain 'CSV' in the system's code page, 'CSV
// UTF-8' with a byte order mark, 'Unicode text' in UTF-16; each sent as its bytes.

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
let cohortId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
  const cohort = await createCohort(ctx.db);
  const course = await createCourse(ctx.db, { books: 1, projectsPerBook: 1 });
  await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
  cohortId = cohort.id;
});
afterAll(() => ctx.close());

const HEADER = 'First name,Last name,GitHub login,Email\r\n';
let n = 0;
const login = () => {
  n += 1;
  return `encoded-learner-${n}`;
};

const send = (file: Buffer, dryRun = false) =>
  ctx.request({
    method: 'POST',
    url: `/api/cohorts/${cohortId}/roster${dryRun ? '?dry_run=true' : ''}`,
    token: staff.token,
    headers: { 'content-type': 'text/csv' },
    payload: file,
  });

const nameOf = (githubLogin: string) =>
  ctx.db
    .selectFrom('people')
    .select(['first_name', 'last_name'])
    .where('github_login', '=', githubLogin)
    .executeTakeFirst();

const peopleCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('people')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

describe('a roster file in another encoding than UTF-8', () => {
  it('reads a Windows-1252 file, says so in the preview, and stores René as René', async () => {
    const rene = login();
    // 'é' is the one byte 0xE9 in Windows-1252 (and not valid UTF-8 on its own).
    const file = Buffer.from(`${HEADER}René,Dupont,${rene},rene@example.com\r\n`, 'latin1');
    expect(file.includes(0xe9)).toBe(true);

    const preview = await send(file, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<RosterImport>()).toMatchObject({
      encoding: 'Windows-1252',
      rows: [{ line: 2, action: 'create', message: `New account for René Dupont (${rene}).` }],
    });

    const applied = await send(file);
    expect(applied.statusCode).toBe(200);
    expect(applied.json<RosterImport>()).toMatchObject({ applied: true, encoding: 'Windows-1252' });
    expect(await nameOf(rene)).toEqual({ first_name: 'René', last_name: 'Dupont' });
  });

  it.each([
    ['UTF-8 without a byte order mark', 'UTF-8', (text: string) => Buffer.from(text, 'utf8')],
    [
      'UTF-8 with a byte order mark',
      'UTF-8',
      (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    ],
    [
      'UTF-16 (little-endian) with a byte order mark',
      'UTF-16LE',
      (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
    ],
    [
      'UTF-16 (big-endian) with a byte order mark',
      'UTF-16BE',
      (text: string) => Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)]),
    ],
  ])('reads %s and names it', async (_label, encoding, encode) => {
    const zoe = login();
    const file = encode(`${HEADER}Zoë,Ñúñez-Łukasiewicz,${zoe},zoe@example.com\r\n`);

    const response = await send(file);

    expect(response.statusCode).toBe(200);
    expect(response.json<RosterImport>()).toMatchObject({
      encoding,
      counts: { created: 1, errors: 0 },
    });
    expect(await nameOf(zoe)).toEqual({ first_name: 'Zoë', last_name: 'Ñúñez-Łukasiewicz' });
  });
});

describe('a roster file that cannot be read', () => {
  it('is refused, naming the line, when its encoding cannot be told (a file of no text)', async () => {
    // Two lines of text, then bytes that are no text in any encoding (as in a spreadsheet's
    // own .xlsx file), from a fixed generator.
    let seed = 7;
    const junk = Array.from({ length: 4000 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed >> 23;
    });
    const file = Buffer.concat([
      Buffer.from(`${HEADER}Ada,Lovelace,${login()},ada@example.com\r\n`),
      Buffer.from([0xff, ...junk]),
    ]);
    const before = await peopleCount();

    for (const dryRun of [true, false]) {
      const response = await send(file, dryRun);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^The file is not in UTF-8 \(line 3 is the first/);
    }
    expect(await peopleCount()).toBe(before);
  });

  it('is refused, naming the line, when a character cannot be read in its encoding', async () => {
    const broken = login();
    // A UTF-16 surrogate without its pair: a decoder would make it a replacement character.
    const file = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`${HEADER}Ada,Lovelace,${login()},ada@example.com\r\nZo`, 'utf16le'),
      Buffer.from([0x00, 0xd8]),
      Buffer.from(`,Smith,${broken},zoe@example.com\r\n`, 'utf16le'),
    ]);
    const before = await peopleCount();

    const response = await send(file);

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(
      /^Line 3 has characters that cannot be read as UTF-16LE/,
    );
    expect(await nameOf(broken)).toBeUndefined();
    expect(await peopleCount()).toBe(before);
  });

  it('refuses a replacement character already in a UTF-8 file rather than store it', async () => {
    const file = Buffer.from(`${HEADER}Ren\uFFFD,Dupont,${login()},rene@example.com\r\n`);
    const response = await send(file, true);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Line 2 has characters that cannot be read as UTF-8/);
  });
});
