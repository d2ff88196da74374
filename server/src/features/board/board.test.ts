import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addCoach,
  addCohortCourse,
  addTimeline,
  assignProject,
  createAssessment,
  createCapstone,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
  leaveCohort,
  recordObjective,
  startAssessment,
  tagLearner,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { boardSql } from './board.query.ts';

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
});
afterAll(() => ctx.close());

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
/** Calendar days between an instant and now, in America/Chicago. */
function chicagoDays(iso: string) {
  const day = (date: Date) =>
    Date.parse(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(date));
  return Math.round((day(new Date()) - day(new Date(iso))) / 86_400_000);
}

const getBoard = (cohortId: number, token = staff.token, etag?: string) =>
  ctx.request({
    method: 'GET',
    url: `/api/students?cohort=${cohortId}`,
    token,
    headers: etag ? { 'if-none-match': etag } : {},
  });

async function boardFixture() {
  const cohort = await createCohort(ctx.db, { name: `Board ${Math.random()}` });
  const course = await createCourse(ctx.db, { books: 2, projectsPerBook: 2 });
  await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
  const [book1, book2] = [course.books[0]!, course.books[1]!];
  const assessment = await createAssessment(ctx.db, book1.id, { weights: [10, 20, 5] });
  const learner = async (first: string, last: string) => {
    const person = await createLearner(ctx.db, { firstName: first, lastName: last });
    await enrol(ctx.db, cohort.id, person.id);
    return person;
  };
  return { cohort, course, book1, book2, assessment, learner };
}

describe('GET /students?cohort= (the board)', () => {
  it('answers each learner once, grouped by book then project, with status, duration and score', async () => {
    const { cohort, course, book1, book2, assessment, learner } = await boardFixture();
    const [p11, p12] = [book1.projects[0]!, book1.projects[1]!];
    const [p21, p22] = [book2.projects[0]!, book2.projects[1]!];

    const ada = await learner('Ada', 'Reviewed');
    await assignProject(ctx.db, ada.id, p12.id, daysAgo(20));
    // Started five days ago, its status last changed three days ago: the card counts from the start.
    const started = daysAgo(5);
    const begun = await startAssessment(ctx.db, ada.id, assessment.id, 2, daysAgo(3));
    await ctx.db
      .updateTable('student_assessments')
      .set({ created_at: started })
      .where('id', '=', begun.id)
      .execute();
    await ctx.db
      .updateTable('student_assessments')
      .set({ url: 'https://github.com/org/ada-assessment' })
      .where('student_id', '=', ada.id)
      .execute();
    const [o1, o2, o3] = [
      assessment.objectives[0]!,
      assessment.objectives[1]!,
      assessment.objectives[2]!,
    ];
    await recordObjective(ctx.db, ada.id, o1.id, true);
    await recordObjective(ctx.db, ada.id, o2.id, true);
    await recordObjective(ctx.db, ada.id, o3.id, false);
    const link = await tagLearner(ctx.db, ada.id, 'Team 1');

    const ben = await learner('Ben', 'Nextbook');
    await assignProject(ctx.db, ben.id, p21.id, daysAgo(2));

    // The latest assignment wins even when an older one has the higher id.
    const cal = await learner('Cal', 'Latest');
    const calAssigned = daysAgo(1);
    await assignProject(ctx.db, cal.id, p11.id, calAssigned);
    await assignProject(ctx.db, cal.id, p22.id, daysAgo(10));

    const dee = await learner('Dee', 'Noproject');

    // Left an old cohort: still one card here.
    const eve = await createLearner(ctx.db, { firstName: 'Eve', lastName: 'Moved' });
    const old = await createCohort(ctx.db);
    await enrol(ctx.db, old.id, eve.id);
    await leaveCohort(ctx.db, eve.id);
    await enrol(ctx.db, cohort.id, eve.id);
    await assignProject(ctx.db, eve.id, p11.id, daysAgo(1));

    // Left this cohort: not on its board. Staff members are never cards.
    const gone = await learner('Gus', 'Gone');
    await leaveCohort(ctx.db, gone.id);
    const coach = await createStaff(ctx.db);
    await enrol(ctx.db, cohort.id, coach.id);

    const capstone = await createCapstone(ctx.db, ben.id, course.id, 'https://docs/proposal');
    await addTimeline(ctx.db, capstone.id, 1, daysAgo(2));
    const latest = await addTimeline(ctx.db, capstone.id, 3, daysAgo(1));

    const response = await getBoard(cohort.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    const cards = response.json() as Array<Record<string, unknown>>;
    expect(cards.map((card) => card.name)).toEqual([
      'Cal Latest',
      'Eve Moved',
      'Ada Reviewed',
      'Ben Nextbook',
      'Dee Noproject',
    ]);
    const byName = Object.fromEntries(cards.map((card) => [card.name, card]));
    expect(byName['Ada Reviewed']).toEqual({
      id: ada.id,
      name: 'Ada Reviewed',
      github_handle: expect.any(String),
      avatar: null,
      current_cohort: { id: cohort.id, name: cohort.name },
      assessment_status_id: 2,
      assessment_url: 'https://github.com/org/ada-assessment',
      project_id: p12.id,
      project_index: 1,
      project_name: 'Project 1.2',
      project_duration: chicagoDays(started),
      book_id: book1.id,
      book_index: 0,
      book_name: 'Book 1',
      score: 30,
      tags: [{ id: link.id, tag: 'Team 1' }],
      proposals: [],
      activity: null,
      version: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(byName['Cal Latest']).toMatchObject({
      project_id: p11.id,
      assessment_status_id: 0,
      assessment_url: null,
      project_duration: chicagoDays(calAssigned),
      score: 0,
      tags: [],
    });
    expect(byName['Ben Nextbook']).toMatchObject({ book_index: 1, assessment_status_id: 0 });
    expect(byName['Ben Nextbook']?.proposals).toEqual([
      {
        id: capstone.id,
        status: 'Approved',
        current_status_id: 3,
        proposal_url: 'https://docs/proposal',
        created_on: latest.created_at.toISOString(),
        course_name: course.name,
      },
    ]);
    expect(byName['Dee Noproject']).toMatchObject({
      project_id: null,
      book_id: null,
      project_duration: null,
      assessment_status_id: 0,
    });
    expect(dee.id).toBe(byName['Dee Noproject']?.id);
  });

  it("lists a card's tags by name whatever their case, and its proposals in the order they were made", async () => {
    const { cohort, course, learner } = await boardFixture();
    const ivy = await learner('Ivy', 'Many');
    const suffix = Math.random().toString(36).slice(2, 8);
    const beta = await tagLearner(ctx.db, ivy.id, `beta ${suffix}`);
    const gamma = await tagLearner(ctx.db, ivy.id, `Gamma ${suffix}`);
    const alpha = await tagLearner(ctx.db, ivy.id, `Alpha ${suffix}`);
    const later = await createCourse(ctx.db, { books: 1, projectsPerBook: 1 });
    const first = await createCapstone(ctx.db, ivy.id, later.id, 'https://docs/first');
    const second = await createCapstone(ctx.db, ivy.id, course.id, 'https://docs/second');
    // Two status changes at the same instant: the one recorded last is the current one.
    const at = daysAgo(1);
    await addTimeline(ctx.db, second.id, 1, at);
    await addTimeline(ctx.db, second.id, 2, at);

    const [card] = (await getBoard(cohort.id)).json() as Array<Record<string, unknown>>;
    expect(card?.tags).toEqual([
      { id: alpha.id, tag: `Alpha ${suffix}` },
      { id: beta.id, tag: `beta ${suffix}` },
      { id: gamma.id, tag: `Gamma ${suffix}` },
    ]);
    expect(card?.proposals).toEqual([
      {
        id: first.id,
        status: null,
        current_status_id: null,
        proposal_url: 'https://docs/first',
        created_on: null,
        course_name: later.name,
      },
      {
        id: second.id,
        status: 'Requires Changes',
        current_status_id: 2,
        proposal_url: 'https://docs/second',
        created_on: new Date(at).toISOString(),
        course_name: course.name,
      },
    ]);
  });

  it('answers an empty list for a cohort without learners and 404 for an unknown cohort', async () => {
    const cohort = await createCohort(ctx.db);
    expect((await getBoard(cohort.id)).json()).toEqual([]);
    const unknown = await getBoard(999999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Cohort not found.');
    const conditional = await getBoard(999999, staff.token, '"board-999999"');
    expect(conditional.statusCode).toBe(404);
  });

  it('answers 304 to an unchanged board and a new ETag after a move', async () => {
    const { cohort, book1, book2, learner } = await boardFixture();
    const lea = await learner('Lea', 'Mover');
    await assignProject(ctx.db, lea.id, book1.projects[0]!.id);

    const first = await getBoard(cohort.id);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await getBoard(cohort.id, staff.token, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    // Another cohort's change leaves this board's ETag alone.
    const other = await boardFixture();
    const stranger = await other.learner('Sam', 'Elsewhere');
    await assignProject(ctx.db, stranger.id, other.book1.projects[0]!.id);
    expect((await getBoard(cohort.id, staff.token, etag)).statusCode).toBe(304);

    const moved = await ctx.request({
      method: 'POST',
      url: `/api/students/${lea.id}/project`,
      token: staff.token,
      payload: { projectId: book2.projects[0]!.id },
    });
    expect(moved.statusCode).toBe(201);
    const after = await getBoard(cohort.id, staff.token, etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json()[0].book_id).toBe(book2.id);
  });

  it('reads a board in one statement, then answers it from memory while nothing it reads changed', async () => {
    const { cohort, book1, learner } = await boardFixture();
    const lea = await learner('Lea', 'Counted');
    await assignProject(ctx.db, lea.id, book1.projects[0]!.id);
    const statements = vi.spyOn(ctx.db, 'executeQuery');
    const firstLines = () =>
      statements.mock.calls.map(([query]) => ('sql' in query ? query.sql : '').split('\n')[0]);
    try {
      const first = await getBoard(cohort.id);
      expect(firstLines()).toEqual([
        '-- The instructor board (GET /students?cohort=$1): one statement, one round trip.',
      ]);
      statements.mockClear();
      expect((await getBoard(cohort.id)).body).toBe(first.body);
      const etag = first.headers.etag as string;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => getBoard(cohort.id, staff.token, etag)),
      );
      expect(answers.every((answer) => answer.statusCode === 304)).toBe(true);
      expect(firstLines()).toEqual([]);
    } finally {
      statements.mockRestore();
    }
  });

  it('changes the ETag when a tag, a record, a timeline or the catalogue changes', async () => {
    const { cohort, course, book1, assessment, learner } = await boardFixture();
    const lea = await learner('Lea', 'Tagged');
    await assignProject(ctx.db, lea.id, book1.projects[0]!.id);
    const capstone = await createCapstone(ctx.db, lea.id, course.id);
    const approval = await addTimeline(ctx.db, capstone.id, 3);
    const changes: Array<() => Promise<unknown>> = [
      () => tagLearner(ctx.db, lea.id, 'Pairs'),
      () => recordObjective(ctx.db, lea.id, assessment.objectives[0]!.id, true),
      () => ctx.db.deleteFrom('capstone_timelines').where('id', '=', approval.id).execute(),
      () =>
        ctx.db
          .updateTable('projects')
          .set({ name: 'Renamed' })
          .where('id', '=', book1.projects[0]!.id)
          .execute(),
      () =>
        ctx.db.updateTable('people').set({ first_name: 'Leah' }).where('id', '=', lea.id).execute(),
    ];
    let etag = (await getBoard(cohort.id)).headers.etag as string;
    for (const change of changes) {
      await change();
      const response = await getBoard(cohort.id, staff.token, etag);
      expect(response.statusCode).toBe(200);
      etag = response.headers.etag as string;
    }
    expect((await getBoard(cohort.id)).json()[0]).toMatchObject({
      name: 'Leah Tagged',
      project_name: 'Renamed',
      score: 10,
      proposals: [{ id: capstone.id, status: null, current_status_id: null, created_on: null }],
    });
  });

  it('is read by any staff member, coach or not, and refused to learners and anonymous callers', async () => {
    const { cohort, learner } = await boardFixture();
    const member = await learner('Lou', 'Member');
    const coach = await createStaff(ctx.db);
    await addCoach(ctx.db, cohort.id, coach.id);
    expect((await getBoard(cohort.id, coach.token)).statusCode).toBe(200);
    expect((await getBoard(cohort.id, staff.token)).statusCode).toBe(200);
    expect((await getBoard(cohort.id, member.token)).statusCode).toBe(403);
    expect(
      (await ctx.request({ method: 'GET', url: `/api/students?cohort=${cohort.id}` })).statusCode,
    ).toBe(401);
  });

  it('answers 400 naming the field for a bad cohort and for a call without a variant', async () => {
    const bad = await ctx.request({
      method: 'GET',
      url: '/api/students?cohort=abc',
      token: staff.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('querystring.cohort');
    const none = await ctx.request({ method: 'GET', url: '/api/students', token: staff.token });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('querystring.cohort');
  });
});

describe('GET /students?lastname_like=', () => {
  it('finds learners without a current cohort by part of the last name, case-insensitively', async () => {
    const free = await createLearner(ctx.db, { firstName: 'Fay', lastName: 'Zanzibar' });
    const left = await createLearner(ctx.db, { firstName: 'Lio', lastName: 'ZANZIBARI' });
    const cohort = await createCohort(ctx.db);
    await enrol(ctx.db, cohort.id, left.id);
    await leaveCohort(ctx.db, left.id);
    const member = await createLearner(ctx.db, { lastName: 'Zanzibarr' });
    await enrol(ctx.db, cohort.id, member.id);
    await createStaff(ctx.db, { lastName: 'Zanzibaro' });

    const response = await ctx.request({
      method: 'GET',
      url: '/api/students?lastname_like=nzib',
      token: staff.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: free.id, name: 'Fay Zanzibar' },
      { id: left.id, name: 'Lio ZANZIBARI' },
    ]);
  });

  it('takes pattern characters literally, needs 2 characters and is staff only', async () => {
    await createLearner(ctx.db, { lastName: 'Percent' });
    const literal = await ctx.request({
      method: 'GET',
      url: `/api/students?lastname_like=${encodeURIComponent('%_')}`,
      token: staff.token,
    });
    expect(literal.json()).toEqual([]);
    const short = await ctx.request({
      method: 'GET',
      url: '/api/students?lastname_like=a',
      token: staff.token,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('querystring.lastname_like');
    const learner = await createLearner(ctx.db);
    const denied = await ctx.request({
      method: 'GET',
      url: '/api/students?lastname_like=Percent',
      token: learner.token,
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('GET /students?q=', () => {
  it('finds learners by name or tag, with their cohort and tags', async () => {
    const cohort = await createCohort(ctx.db, { name: 'Search Cohort' });
    const named = await createLearner(ctx.db, { firstName: 'Quincy', lastName: 'Qwerty' });
    await enrol(ctx.db, cohort.id, named.id);
    const tagged = await createLearner(ctx.db, { firstName: 'Tia', lastName: 'Tagged' });
    const link = await tagLearner(ctx.db, tagged.id, 'Qwerty Club');

    const response = await ctx.request({
      method: 'GET',
      url: '/api/students?q=qwer',
      token: staff.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: named.id,
        name: 'Quincy Qwerty',
        github_handle: expect.any(String),
        avatar: null,
        current_cohort: { id: cohort.id, name: 'Search Cohort' },
        tags: [],
      },
      {
        id: tagged.id,
        name: 'Tia Tagged',
        github_handle: expect.any(String),
        avatar: null,
        current_cohort: null,
        tags: [{ id: link.id, tag: 'Qwerty Club' }],
      },
    ]);
  });

  it('never crashes on pattern or regex characters, needs 3 characters and is staff only', async () => {
    const odd = await ctx.request({
      method: 'GET',
      url: `/api/students?q=${encodeURIComponent('((\\[%')}`,
      token: staff.token,
    });
    expect(odd.statusCode).toBe(200);
    expect(odd.json()).toEqual([]);
    const short = await ctx.request({
      method: 'GET',
      url: '/api/students?q=ab',
      token: staff.token,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('querystring.q');
    const learner = await createLearner(ctx.db);
    const denied = await ctx.request({
      method: 'GET',
      url: '/api/students?q=abc',
      token: learner.token,
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('GET /statuses and GET /proposalstatuses', () => {
  it('answers the paginated lookups to anyone signed in', async () => {
    const learner = await createLearner(ctx.db);
    const statuses = await ctx.request({
      method: 'GET',
      url: '/api/statuses',
      token: learner.token,
    });
    expect(statuses.json()).toEqual({
      count: 4,
      next: null,
      previous: null,
      results: [
        { id: 1, status: 'In Progress' },
        { id: 2, status: 'Ready for Review' },
        { id: 3, status: 'Reviewed and Incomplete' },
        { id: 4, status: 'Reviewed and Complete' },
      ],
    });
    const proposals = await ctx.request({
      method: 'GET',
      url: '/api/proposalstatuses',
      token: learner.token,
    });
    expect(proposals.json().results.map((s: { status: string }) => s.status)).toEqual([
      'In Review',
      'Requires Changes',
      'Approved',
      'MVP',
    ]);
    expect((await ctx.request({ method: 'GET', url: '/api/statuses' })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url: '/api/proposalstatuses' })).statusCode).toBe(
      401,
    );
  });
});

describe('the board SQL under review', () => {
  it('is the SQL committed in queries/ next to its EXPLAIN', () => {
    const committed = (name: string) =>
      readFileSync(new URL(`./queries/${name}`, import.meta.url), 'utf8');
    expect(committed('board.sql')).toBe(boardSql());
    expect(committed('board.explain.txt')).toContain('Execution Time');
  });
});
