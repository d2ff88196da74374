import { ASSESSMENT_STATUS } from '@lp/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import {
  addCohortCourse,
  createAssessment,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
  startAssessment,
} from '../../../test/factories.ts';
import { FakeLtiPlatform } from '../../../test/fake-lti-platform.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { injected, jobEnded } from '../../../test/jobs.ts';

// A review's grade goes to the LMS gradebook (Assignment and Grade Services) by the job queue:
// a line item per self-assessment, 1.0 for Reviewed and Complete, 0.5 for Reviewed and
// Incomplete, and a 503 from the LMS tried again.

let ctx: TestContext;
let lms: FakeLtiPlatform;
let staff: Awaited<ReturnType<typeof createStaff>>;
let learner: Awaited<ReturnType<typeof createLearner>>;
/** One self-assessment per book: each test reviews the next book's. */
let bookIds: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  lms = await new FakeLtiPlatform().start();
  lms.toolKeys = async () => (await ctx.request({ method: 'GET', url: '/api/lti/jwks' })).json();
  staff = await createStaff(ctx.db);
  learner = await createLearner(ctx.db, { firstName: 'Ada', lastName: 'Lovelace' });
  const platform = await ctx.request({
    method: 'POST',
    url: '/api/lti/platforms',
    token: staff.token,
    payload: lms.registration(),
  });
  const cohort = await createCohort(ctx.db, { name: 'Day Cohort 70' });
  const course = await createCourse(ctx.db, { books: 3 });
  bookIds = course.books.map((book) => book.id);
  await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
  await enrol(ctx.db, cohort.id, learner.id);
  // The learner launched from the LMS course, which staff linked to the cohort.
  await ctx.db
    .insertInto('lti_identities')
    .values({ issuer: lms.url, subject: 'lms-ada', person_id: learner.id, linked_by: null })
    .execute();
  await ctx.db
    .insertInto('lti_contexts')
    .values({
      platform_id: platform.json().id,
      deployment_id: lms.deploymentId,
      context_id: lms.course.id,
      title: lms.course.title,
      cohort_id: cohort.id,
      lineitems_url: `${lms.url}/contexts/${lms.course.id}/lineitems`,
    })
    .execute();
});
afterAll(async () => {
  await ctx.close();
  await lms.stop();
});

async function review(name: string, statusId: number) {
  const assessment = await createAssessment(ctx.db, bookIds.shift() ?? 0, { name });
  const started = await startAssessment(
    ctx.db,
    learner.id,
    assessment.id,
    ASSESSMENT_STATUS.readyForReview,
  );
  const response = await ctx.request({
    method: 'PUT',
    url: `/api/students/${learner.id}/assess`,
    token: staff.token,
    payload: { statusId, studentAssessmentId: started.id },
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return assessment;
}

const gradeJob = async () => {
  const job = await ctx.db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', 'lti-grades')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return jobEnded(injected(ctx.request, staff.token), job.id);
};

describe('grades sent to the LMS', () => {
  it('sends 1.0 for Reviewed and Complete, in a line item of the self-assessment', async () => {
    await review('Mortgage Calculator', ASSESSMENT_STATUS.reviewedComplete);
    const job = await gradeJob();
    expect(job.status).toBe('done');
    expect(lms.lineItems).toEqual([
      expect.objectContaining({ label: 'Mortgage Calculator', scoreMaximum: 1 }),
    ]);
    expect(lms.scores).toEqual([
      expect.objectContaining({
        lineItem: lms.lineItems[0]?.id,
        userId: 'lms-ada',
        scoreGiven: 1,
        scoreMaximum: 1,
        gradingProgress: 'FullyGraded',
      }),
    ]);
    expect(lms.tokenScopes).toContain('https://purl.imsglobal.org/spec/lti-ags/scope/score');
  });

  it('sends 0.5 for Reviewed and Incomplete, trying again after the LMS answered 503', async () => {
    lms.failScores = 1;
    await review('Bank Account', ASSESSMENT_STATUS.reviewedIncomplete);
    const job = await gradeJob();
    expect(job.status).toBe('done');
    expect(job.steps[0]?.attempts).toBe(2);
    await eventually(() => expect(lms.scores).toHaveLength(2));
    expect(lms.scores[1]).toMatchObject({ userId: 'lms-ada', scoreGiven: 0.5 });
    expect(lms.lineItems.map((item) => item.label)).toEqual([
      'Mortgage Calculator',
      'Bank Account',
    ]);
    // The 503 was a score post like the one that went through.
    expect(lms.calls.filter((call) => call.endsWith('/scores'))).toHaveLength(3);
  });

  it('sends nothing for a status that is not a review', async () => {
    const assessment = await createAssessment(ctx.db, bookIds.shift() ?? 0, {
      name: 'Weather App',
    });
    const started = await startAssessment(
      ctx.db,
      learner.id,
      assessment.id,
      ASSESSMENT_STATUS.inProgress,
    );
    await ctx.request({
      method: 'PUT',
      url: `/api/students/${learner.id}/assess`,
      token: staff.token,
      payload: { statusId: ASSESSMENT_STATUS.readyForReview, studentAssessmentId: started.id },
    });
    const jobs = await ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'lti-grades')
      .execute();
    expect(jobs).toHaveLength(2);
  });
});
