import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignProject,
  createAssessment,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
  startAssessment,
  tagLearner,
} from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

let ctx: TestContext;
let ann: Awaited<ReturnType<typeof createStaff>>;
let bob: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  ctx = await createTestContext();
  ann = await createStaff(ctx.db, { firstName: 'Ann', lastName: 'Coach' });
  bob = await createStaff(ctx.db, { firstName: 'Bob', lastName: 'Coach' });
});
afterAll(() => ctx.close());

/** A learner on the first project of a two-book course whose first book has a self-assessment. */
async function boardLearner() {
  const cohort = await createCohort(ctx.db);
  const course = await createCourse(ctx.db, { books: 2, projectsPerBook: 3 });
  const learner = await createLearner(ctx.db, { firstName: 'Lee', lastName: 'Learner' });
  await enrol(ctx.db, cohort.id, learner.id);
  await assignProject(ctx.db, learner.id, course.books[0]!.projects[0]!.id);
  const assessment = await createAssessment(ctx.db, course.books[0]!.id, { name: 'Flowers' });
  const projects = course.books[0]!.projects;
  return { cohort, learner, assessment, projects };
}

/** The learner's card version as the board shows it. */
async function versionOnBoard(cohortId: number, learnerId: number): Promise<string> {
  const board = await ctx.request({
    method: 'GET',
    url: `/api/students?cohort=${cohortId}`,
    token: ann.token,
  });
  const card = (board.json() as Array<{ id: number; version: string }>).find(
    (candidate) => candidate.id === learnerId,
  );
  if (!card) throw new Error('The learner is not on the board.');
  return card.version;
}

const move = (token: string, learnerId: number, projectId: number, ifMatch?: string) =>
  ctx.request({
    method: 'POST',
    url: `/api/students/${learnerId}/project`,
    token,
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
    payload: { projectId },
  });

const setStatus = (token: string, learnerId: number, statusId: number, ifMatch?: string) =>
  ctx.request({
    method: 'PUT',
    url: `/api/students/${learnerId}/assess`,
    token,
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
    payload: { statusId },
  });

const currentProject = async (learnerId: number) =>
  (
    await ctx.db
      .selectFrom('student_projects')
      .select('project_id')
      .where('student_id', '=', learnerId)
      .orderBy('assigned_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).project_id;

describe('If-Match on the board mutations', () => {
  it('moves a learner whose card is as the caller saw it (quoted, weak or bare), and not with a stale version', async () => {
    const { cohort, learner, projects } = await boardLearner();
    const drawn = await versionOnBoard(cohort.id, learner.id);
    // A tag is on the card but changes nothing a move decides on.
    await tagLearner(ctx.db, learner.id, 'lighthouse');
    expect(await versionOnBoard(cohort.id, learner.id)).toBe(drawn);

    expect((await move(ann.token, learner.id, projects[1]!.id, `"${drawn}"`)).statusCode).toBe(201);
    const next = await versionOnBoard(cohort.id, learner.id);
    expect(next).not.toBe(drawn);
    expect((await move(ann.token, learner.id, projects[2]!.id, `W/"${next}"`)).statusCode).toBe(
      201,
    );
    const stale = await move(bob.token, learner.id, projects[0]!.id, drawn);
    expect(stale.statusCode).toBe(412);
  });

  it("answers 412 with who moved the learner and the card as it is now, and leaves the other coach's move", async () => {
    const { cohort, learner, projects } = await boardLearner();
    const drawn = await versionOnBoard(cohort.id, learner.id);
    expect((await move(ann.token, learner.id, projects[1]!.id)).statusCode).toBe(201);

    const refused = await move(bob.token, learner.id, projects[2]!.id, `"${drawn}"`);
    expect(refused.statusCode).toBe(412);
    expect(refused.headers['content-type']).toBe('application/json');
    expect(refused.json()).toEqual({
      message: `Ann Coach moved Lee Learner to ${projects[1]!.name} since you loaded the board.`,
      current: {
        version: await versionOnBoard(cohort.id, learner.id),
        project_id: projects[1]!.id,
        project_name: projects[1]!.name,
        assessment_status_id: 0,
      },
    });
    expect(await currentProject(learner.id)).toBe(projects[1]!.id);
  });

  it('refuses a review of a self-assessment another coach reviewed since, even to the same status', async () => {
    const { cohort, learner, assessment } = await boardLearner();
    await startAssessment(ctx.db, learner.id, assessment.id, 2);
    const drawn = await versionOnBoard(cohort.id, learner.id);
    expect((await setStatus(ann.token, learner.id, 4, drawn)).statusCode).toBe(204);

    const refused = await setStatus(bob.token, learner.id, 4, drawn);
    expect(refused.statusCode).toBe(412);
    expect(refused.json()).toMatchObject({
      message:
        "Ann Coach set Lee Learner's Flowers self-assessment to Reviewed and Complete since you loaded the board.",
      current: { assessment_status_id: 4 },
    });
    const row = await ctx.db
      .selectFrom('student_assessments')
      .select('instructor_id')
      .where('student_id', '=', learner.id)
      .executeTakeFirstOrThrow();
    expect(row.instructor_id).toBe(ann.id);
  });

  it('refuses to start a self-assessment on a card that changed since, and starts nothing', async () => {
    const { cohort, learner, projects, assessment } = await boardLearner();
    const drawn = await versionOnBoard(cohort.id, learner.id);
    await move(ann.token, learner.id, projects[1]!.id);
    const refused = await ctx.request({
      method: 'POST',
      url: `/api/students/${learner.id}/assess`,
      token: bob.token,
      headers: { 'if-match': drawn },
      payload: { bookId: assessment.book_id },
    });
    expect(refused.statusCode).toBe(412);
    const started = await ctx.db
      .selectFrom('student_assessments')
      .select('id')
      .where('student_id', '=', learner.id)
      .execute();
    expect(started).toEqual([]);
  });

  it('compares nothing without If-Match (or with *): scripts change the card as before', async () => {
    const { learner, projects, assessment } = await boardLearner();
    await startAssessment(ctx.db, learner.id, assessment.id, 2);
    expect((await move(ann.token, learner.id, projects[1]!.id)).statusCode).toBe(201);
    expect((await move(bob.token, learner.id, projects[2]!.id, '*')).statusCode).toBe(201);
    expect((await setStatus(bob.token, learner.id, 3)).statusCode).toBe(204);
    expect((await setStatus(ann.token, learner.id, 4)).statusCode).toBe(204);
    expect(await currentProject(learner.id)).toBe(projects[2]!.id);
  });
});
