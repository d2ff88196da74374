import type { RosterImport } from '@lp/contract/roster';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCohortCourse,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
});
afterAll(() => ctx.close());

const HEADER = 'First name,Last name,GitHub login,Email';
let n = 0;
const login = (prefix = 'new') => {
  n += 1;
  return `${prefix}-learner-${n}`;
};

function importRoster(
  cohortId: number | string,
  body: string,
  options: { dryRun?: boolean; token?: string | null; type?: string } = {},
) {
  return ctx.request({
    method: 'POST',
    url: `/api/cohorts/${cohortId}/roster${options.dryRun ? '?dry_run=true' : ''}`,
    token: options.token === undefined ? staff.token : options.token,
    headers: { 'content-type': options.type ?? 'text/csv' },
    payload: body,
  });
}

/** What the database holds that an import may change: people, memberships, audit, board. */
async function snapshot() {
  const count = async (table: 'people' | 'cohort_memberships' | 'audit_log' | 'board_changes') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    people: await count('people'),
    memberships: await count('cohort_memberships'),
    audit: await count('audit_log'),
    boardChanges: await count('board_changes'),
  };
}

async function cohortWithCourse() {
  const cohort = await createCohort(ctx.db);
  const course = await createCourse(ctx.db, { books: 1, projectsPerBook: 1 });
  await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
  return { cohort, firstProject: course.books[0]!.projects[0]! };
}

/** A cohort with one of each: a learner already in it, a learner in no cohort, one elsewhere. */
async function world() {
  const { cohort, firstProject } = await cohortWithCourse();
  const member = await createLearner(ctx.db, { githubLogin: login('member') });
  await enrol(ctx.db, cohort.id, member.id);
  const free = await createLearner(ctx.db, { githubLogin: login('free') });
  const elsewhere = await createLearner(ctx.db, { githubLogin: login('elsewhere') });
  const other = await createCohort(ctx.db);
  await enrol(ctx.db, other.id, elsewhere.id);
  const coach = await createStaff(ctx.db, { githubLogin: login('coach') });
  const logins = await ctx.db
    .selectFrom('people')
    .select(['id', 'github_login'])
    .where('id', 'in', [member.id, free.id, elsewhere.id, coach.id])
    .execute();
  const loginOf = (id: number) => logins.find((row) => row.id === id)?.github_login as string;
  return {
    cohort,
    other,
    firstProject,
    member: { ...member, login: loginOf(member.id) },
    free: { ...free, login: loginOf(free.id) },
    elsewhere: { ...elsewhere, login: loginOf(elsewhere.id) },
    coach: { ...coach, login: loginOf(coach.id) },
  };
}

describe('POST /cohorts/{id}/roster?dry_run=true', () => {
  it("previews each line's action and writes nothing", async () => {
    const w = await world();
    const fresh = login();
    const csv = [
      HEADER,
      `Grace,Hopper,${fresh},grace@example.com`,
      `Free,Learner,${w.free.login.toUpperCase()},free@example.com`,
      `Mem,Ber,${w.member.login},member@example.com`,
    ].join('\r\n');
    const before = await snapshot();

    const response = await importRoster(w.cohort.id, csv, { dryRun: true });

    expect(response.statusCode).toBe(200);
    const preview = response.json<RosterImport>();
    expect(preview.applied).toBe(false);
    expect(preview.rows.map(({ line, action }) => ({ line, action }))).toEqual([
      { line: 2, action: 'create' },
      { line: 3, action: 'enrol' },
      { line: 4, action: 'skip' },
    ]);
    expect(preview.rows[0]?.message).toBe(`New account for Grace Hopper (${fresh}).`);
    expect(preview.rows[2]?.message).toContain('is already in');
    expect(preview.counts).toEqual({ created: 1, enrolled: 1, skipped: 1, errors: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('names the column of every bad field, and why a login cannot be imported', async () => {
    const w = await world();
    const twice = login();
    const csv = [
      HEADER,
      `,Hopper,${login()},grace@example.com`,
      `Grace,Hopper,not a login,grace@example`,
      `A,B,${twice},a@example.com`,
      `C,D,${twice.toUpperCase()},c@example.com`,
      `Co,Ach,${w.coach.login},coach@example.com`,
      `Else,Where,${w.elsewhere.login},e@example.com`,
    ].join('\n');

    const preview = (await importRoster(w.cohort.id, csv, { dryRun: true })).json<RosterImport>();

    expect(preview.rows).toEqual([
      { line: 2, action: 'error', message: 'First name is empty.' },
      {
        line: 3,
        action: 'error',
        message:
          "GitHub login 'not a login' is not a GitHub login (letters, digits and single hyphens, at most 39); Email 'grace@example' is not an email address.",
      },
      { line: 4, action: 'create', message: expect.any(String) },
      {
        line: 5,
        action: 'error',
        message: `GitHub login '${twice.toUpperCase()}' is already on line 4.`,
      },
      {
        line: 6,
        action: 'error',
        message: expect.stringMatching(/^GitHub login '.+' belongs to staff member /),
      },
      {
        line: 7,
        action: 'error',
        message: expect.stringContaining(`of ${w.other.name}: move them with a transfer.`),
      },
    ]);
    expect(preview.counts.errors).toBe(5);
  });

  it('reads headers in any case and order, extra columns, quoted fields and a byte order mark', async () => {
    const { cohort } = await cohortWithCourse();
    const csv = `\uFEFFemail,Notes,GITHUB LOGIN,last_name,First Name\n"o'brien@example.com","says ""hi"", twice",${login()},"O'Brien, Jr",Pat\n\n`;
    const preview = (await importRoster(cohort.id, csv, { dryRun: true })).json<RosterImport>();
    expect(preview.rows).toEqual([
      { line: 2, action: 'create', message: expect.stringContaining("Pat O'Brien, Jr") },
    ]);
  });
});

describe('POST /cohorts/{id}/roster', () => {
  it('creates, enrols and skips in one go, and the board hears of every new learner', async () => {
    const w = await world();
    const fresh = login();
    const csv = [
      HEADER,
      `Grace,Hopper,${fresh},grace@example.com`,
      `Free,Learner,${w.free.login},free@example.com`,
      `Mem,Ber,${w.member.login},member@example.com`,
    ].join('\n');

    const response = await importRoster(w.cohort.id, csv);

    expect(response.statusCode).toBe(200);
    expect(response.json<RosterImport>()).toMatchObject({
      applied: true,
      counts: { created: 1, enrolled: 1, skipped: 1, errors: 0 },
    });
    const created = await ctx.db
      .selectFrom('people')
      .selectAll()
      .where('github_login', '=', fresh)
      .executeTakeFirstOrThrow();
    expect(created).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      username: fresh,
      is_staff: false,
      password_hash: null,
    });
    const members = await ctx.db
      .selectFrom('cohort_memberships')
      .select('person_id')
      .where('cohort_id', '=', w.cohort.id)
      .where('left_at', 'is', null)
      .execute();
    expect(members.map((row) => row.person_id).sort()).toEqual(
      [w.member.id, w.free.id, created.id].sort(),
    );
    const projects = await ctx.db
      .selectFrom('student_projects')
      .select(['student_id', 'project_id'])
      .where('student_id', 'in', [created.id, w.free.id])
      .execute();
    expect(projects).toHaveLength(2);
    expect(projects.every((row) => row.project_id === w.firstProject.id)).toBe(true);
    const changes = await ctx.db
      .selectFrom('board_changes')
      .select(['student_id', 'kind'])
      .where('cohort_id', '=', w.cohort.id)
      .execute();
    expect(changes).toEqual(
      expect.arrayContaining([
        { student_id: created.id, kind: 'transfer-in' },
        { student_id: w.free.id, kind: 'transfer-in' },
      ]),
    );
    const imports = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'cohort_roster')
      .where('entity_id', '=', String(w.cohort.id))
      .execute();
    expect(imports).toHaveLength(1);
    expect(imports[0]?.actor_id).toBe(staff.id);
  });

  it('writes nothing when any line is an error: 422 with every line', async () => {
    const w = await world();
    const csv = [
      HEADER,
      `Grace,Hopper,${login()},grace@example.com`,
      `Free,Learner,${w.free.login},free@example.com`,
      `Bad,Email,${login()},nope`,
    ].join('\n');
    const before = await snapshot();

    const response = await importRoster(w.cohort.id, csv);

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Nothing was imported: 1 line has an error.',
      rows: [
        expect.objectContaining({ line: 2, action: 'create' }),
        expect.objectContaining({ line: 3, action: 'enrol' }),
        { line: 4, action: 'error', message: "Email 'nope' is not an email address." },
      ],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('gives a new learner a free user name when their login is taken as one', async () => {
    const { cohort } = await cohortWithCourse();
    const fresh = login();
    await createLearner(ctx.db, { username: fresh, githubLogin: login('other') });
    await importRoster(cohort.id, `${HEADER}\nA,B,${fresh},a@example.com`);
    const created = await ctx.db
      .selectFrom('people')
      .select('username')
      .where('github_login', '=', fresh)
      .executeTakeFirstOrThrow();
    expect(created.username).toBe(`${fresh}2`);
  });
});

describe('roster files that are refused whole', () => {
  it.each([
    ['an empty file', ''],
    ['only a byte order mark and blank lines', '\uFEFF\r\n\r\n'],
    ['a header without learners', `${HEADER}\r\n`],
  ])('400 for %s', async (_label, body) => {
    const { cohort } = await cohortWithCourse();
    const response = await importRoster(cohort.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/empty|no learners/);
  });

  it('400 naming the missing columns', async () => {
    const { cohort } = await cohortWithCourse();
    const response = await importRoster(cohort.id, 'First name,Email\nA,a@example.com');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("no 'Last name', 'GitHub login' columns");
  });

  it('400 for broken quoting, naming the line', async () => {
    const { cohort } = await cohortWithCourse();
    const response = await importRoster(cohort.id, `${HEADER}\n"A,B,c,d@example.com`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('line 2');
  });

  it('415 for a body that is not text/csv', async () => {
    const { cohort } = await cohortWithCourse();
    for (const type of ['application/json', 'text/plain']) {
      const response = await importRoster(cohort.id, type === 'text/plain' ? HEADER : '{}', {
        type,
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toContain('text/csv');
    }
  });

  it('413 for a file over the size limit', async () => {
    const { cohort } = await cohortWithCourse();
    const response = await importRoster(cohort.id, `${HEADER}\n${'x'.repeat(300 * 1024)}`);
    expect(response.statusCode).toBe(413);
  });

  it('is staff work: 401 signed out, 403 for a learner; 404 for an unknown cohort', async () => {
    const w = await world();
    const csv = `${HEADER}\nA,B,${login()},a@example.com`;
    const before = await snapshot();
    expect((await importRoster(w.cohort.id, csv, { token: null })).statusCode).toBe(401);
    expect((await importRoster(w.cohort.id, csv, { token: w.member.token })).statusCode).toBe(403);
    expect((await importRoster(999_999, csv)).statusCode).toBe(404);
    expect((await importRoster(999_999, csv, { dryRun: true })).statusCode).toBe(404);
    expect((await importRoster('abc', csv)).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('OpenAPI document', () => {
  it('documents the CSV export and the roster import with their text/csv bodies', () => {
    interface Operation {
      requestBody?: { content: Record<string, unknown> };
      responses: Record<string, { content?: Record<string, unknown> }>;
    }
    const paths = (
      ctx.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> }
    ).paths;
    const exported = paths['/api/cohorts/{id}/progress.csv']?.get;
    expect(Object.keys(exported?.responses['200']?.content ?? {})).toEqual([
      'text/csv; charset=utf-8',
    ]);
    const roster = paths['/api/cohorts/{id}/roster']?.post;
    expect(Object.keys(roster?.requestBody?.content ?? {})).toEqual(['text/csv']);
    expect(Object.keys(roster?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '413', '415', '422']),
    );
  });
});

/** Every row an import may write or change, in id order. */
async function rowsAnImportTouches() {
  const rows = (
    table: 'people' | 'cohort_memberships' | 'audit_log' | 'board_changes' | 'student_projects',
  ) => ctx.db.selectFrom(table).selectAll().orderBy('id').execute();
  return {
    people: await rows('people'),
    memberships: await rows('cohort_memberships'),
    audit: await rows('audit_log'),
    boardChanges: await rows('board_changes'),
    projects: await rows('student_projects'),
  };
}

describe('POST /cohorts/{id}/roster refused for whom a login belongs to', () => {
  it.each([
    ['a staff account', 'coach', /^GitHub login '.+' belongs to staff member /],
    ["another cohort's learner", 'elsewhere', /: move them with a transfer\.$/],
    ['a deactivated account', 'deactivated', /, who is deactivated\.$/],
  ] as const)('422 for %s, and nothing is written for any line', async (_label, whose, why) => {
    const w = await world();
    const deactivatedLogin = login('deactivated');
    const deactivated = await createLearner(ctx.db, { githubLogin: deactivatedLogin });
    await ctx.db
      .updateTable('people')
      .set({ is_active: false })
      .where('id', '=', deactivated.id)
      .execute();
    const refused = whose === 'deactivated' ? deactivatedLogin : w[whose].login;
    const fresh = login();
    const csv = [
      HEADER,
      `Grace,Hopper,${fresh},grace@example.com`,
      `Free,Learner,${w.free.login},free@example.com`,
      `Mem,Ber,${w.member.login},member@example.com`,
      `Re,Fused,${refused},refused@example.com`,
    ].join('\n');
    const before = await rowsAnImportTouches();

    const response = await importRoster(w.cohort.id, csv);

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Nothing was imported: 1 line has an error.',
      rows: [
        expect.objectContaining({ line: 2, action: 'create' }),
        expect.objectContaining({ line: 3, action: 'enrol' }),
        expect.objectContaining({ line: 4, action: 'skip' }),
        { line: 5, action: 'error', message: expect.stringMatching(why) },
      ],
    });
    expect(await rowsAnImportTouches()).toEqual(before);
    const board = await ctx.request({
      method: 'GET',
      url: `/api/students?cohort=${w.cohort.id}`,
      token: staff.token,
    });
    expect(board.json().map((card: { id: number }) => card.id)).toEqual([w.member.id]);
  });
});
