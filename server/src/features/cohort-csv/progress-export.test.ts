import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCohortCourse,
  assignProject,
  createAssessment,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
  leaveCohort,
  recordObjective,
  startAssessment,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { BOM } from './csv.ts';

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  ctx = await createTestContext({
    health: {
      minHistory: 3,
      pacePercentile: 80,
      actNowEvidence: 4,
      restDays: 7,
      reviewWaitDays: 3,
      inactiveDays: 2,
      objectivesBehind: 2,
      coreSkillLevel: 1,
      noPushDays: 5,
      failingChecksDays: 2,
    },
  });
  staff = await createStaff(ctx.db);
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY - 3_600_000).toISOString();

const exportOf = (cohortId: number | string, token: string | null = staff.token) =>
  ctx.request({ method: 'GET', url: `/api/cohorts/${cohortId}/progress.csv`, token });

/** The file read back as a spreadsheet would: header and rows as objects by header. */
function readBack(body: string) {
  const [header, ...rows] = parse(body, { bom: true });
  return {
    header: header ?? [],
    rows: rows.map((row) => Object.fromEntries((header ?? []).map((name, i) => [name, row[i]]))),
  };
}

let cohorts = 0;

/** A cohort on a course of two books (an assessment each) and a learner on the first book. */
async function cohortWithLearner(name = { first: 'Ada', last: 'Lovelace' }) {
  cohorts += 1;
  const cohort = await createCohort(ctx.db, { name: `Day Cohort 7${cohorts} (Évening)` });
  const course = await createCourse(ctx.db, { books: 2, projectsPerBook: 2 });
  await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
  const book = course.books[0]!;
  const checks = await createAssessment(ctx.db, book.id, { name: 'Checks', weights: [5, 7] });
  const loops = await createAssessment(ctx.db, course.books[1]!.id, { name: 'Loops' });
  const learner = await createLearner(ctx.db, { firstName: name.first, lastName: name.last });
  await ctx.db
    .updateTable('people')
    .set({ email: 'ada@example.com', github_login: 'ada-l' })
    .where('id', '=', learner.id)
    .execute();
  await enrol(ctx.db, cohort.id, learner.id);
  await assignProject(ctx.db, learner.id, book.projects[1]!.id, daysAgo(4));
  await startAssessment(ctx.db, learner.id, checks.id, 2, daysAgo(4));
  await recordObjective(ctx.db, learner.id, checks.objectives[1]!.id, true);
  return { cohort, learner, checks, loops };
}

describe('GET /cohorts/{id}/progress.csv', () => {
  it("answers the cohort's learners as a CSV attachment with their progress and flags", async () => {
    const { cohort } = await cohortWithLearner();
    const response = await exportOf(cohort.id);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="day-cohort-7\d-evening-progress-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.startsWith(BOM)).toBe(true);
    const { header, rows } = readBack(response.body);
    expect(header).toEqual([
      'Name',
      'GitHub login',
      'Email',
      'Book',
      'Project',
      'Days on project',
      'Checks',
      'Loops',
      'Score',
      'Flags',
      'Attention',
      'Interventions',
    ]);
    expect(rows).toEqual([
      {
        Name: 'Ada Lovelace',
        'GitHub login': 'ada-l',
        Email: 'ada@example.com',
        Book: 'Book 1',
        Project: 'Project 1.2',
        'Days on project': '4',
        Checks: 'Ready for Review',
        Loops: '',
        Score: '7',
        Flags: expect.stringContaining('; '),
        Attention: 'Act now',
        Interventions: '',
      },
    ]);
    expect(rows[0]?.Flags).toContain('Checks');
  });

  it('lists the interventions with each learner, and the flag resting after the latest', async () => {
    const { cohort, learner } = await cohortWithLearner();
    const answer = await ctx.request({
      method: 'POST',
      url: `/api/students/${learner.id}/interventions`,
      token: staff.token,
      payload: { kind: 'pairing', note: 'Worked through the loop' },
    });
    expect(answer.statusCode).toBe(201);
    const { rows } = readBack((await exportOf(cohort.id)).body);
    expect(rows[0]?.Interventions).toMatch(
      /^\d{4}-\d{2}-\d{2} pairing by .+: Worked through the loop$/,
    );
    expect(rows[0]?.Attention).toMatch(/^Resting until \d{4}-\d{2}-\d{2}$/);
  });

  it('lists only current learners: not staff members, not learners who left', async () => {
    const { cohort } = await cohortWithLearner();
    const gone = await createLearner(ctx.db, { firstName: 'Gone' });
    await enrol(ctx.db, cohort.id, gone.id);
    await leaveCohort(ctx.db, gone.id);
    const coachInCohort = await createStaff(ctx.db, { firstName: 'Coach' });
    await enrol(ctx.db, cohort.id, coachInCohort.id);

    const { rows } = readBack((await exportOf(cohort.id)).body);
    expect(rows.map((row) => row.Name)).toEqual(['Ada Lovelace']);
  });

  it('never exports instructor notes', async () => {
    const { cohort, learner } = await cohortWithLearner();
    await ctx.db
      .insertInto('notes')
      .values({ student_id: learner.id, author_id: staff.id, note: 'Private: struggling at home' })
      .execute();
    const response = await exportOf(cohort.id);
    expect(response.body).not.toContain('Private');
    expect(response.body).not.toContain('struggling');
  });

  it('escapes commas, quotes, line breaks and cells a spreadsheet would run as formulas', async () => {
    const { cohort, learner } = await cohortWithLearner({
      first: '=HYPERLINK("x")',
      last: 'Doe, Jr',
    });
    await ctx.db
      .updateTable('people')
      .set({ email: '+1@example.com', github_login: '@ada' })
      .where('id', '=', learner.id)
      .execute();
    await ctx.db
      .updateTable('projects')
      .set({ name: 'Two\r\nlines' })
      .where(
        'id',
        '=',
        (
          await ctx.db
            .selectFrom('student_projects')
            .select('project_id')
            .where('student_id', '=', learner.id)
            .executeTakeFirstOrThrow()
        ).project_id,
      )
      .execute();

    const response = await exportOf(cohort.id);
    expect(response.body).toContain(
      `"'=HYPERLINK(""x"") Doe, Jr",'@ada,'+1@example.com,Book 1,"Two\r\nlines",4,`,
    );
    const [row] = readBack(response.body).rows;
    expect(row?.Name).toBe(`'=HYPERLINK("x") Doe, Jr`);
    expect(row?.['GitHub login']).toBe("'@ada");
    expect(row?.Email).toBe("'+1@example.com");
    expect(row?.Project).toBe('Two\r\nlines');
  });

  it('is staff work: 401 signed out, 403 for a learner, even of the cohort', async () => {
    const { cohort, learner } = await cohortWithLearner();
    expect((await exportOf(cohort.id, null)).statusCode).toBe(401);
    const refused = await exportOf(cohort.id, learner.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toBe('application/json');
    expect(refused.json().message).toEqual(expect.any(String));
  });

  it('answers 404 for an unknown cohort and 400 naming the id for a bad one', async () => {
    const unknown = await exportOf(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Cohort not found.' });
    const bad = await exportOf('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('id');
  });
});
