// Exactly once under concurrency: 50 identical requests at the same moment change a learner once,
// write one audit row and send one Slack message; and a learner's submission racing a staff
// review never overwrites 'Reviewed and Complete'. On PGlite queries run one at a time, so this
// mostly checks the rules; on the PostgreSQL server (TEST_DATABASE_URL) the requests really race.
import { ALREADY_SUBMITTED_MESSAGE } from '@lp/contract/capstones';
import { ASSESSMENT_STATUS } from '@lp/contract/constants';
import type { LightMyRequestResponse } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCohortCourse,
  createAssessment,
  createCapstone,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
  giveProgress,
  startAssessment,
} from './factories.ts';
import { FakeSlack } from './fake-slack.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { jobsSettled } from './jobs.ts';

const PARALLEL = 50;
const RACE_TRIALS = 5;

let ctx: TestContext;
let slack: FakeSlack;
let staff: Awaited<ReturnType<typeof createStaff>>;
let course: Awaited<ReturnType<typeof createCourse>>;
let home: Awaited<ReturnType<typeof createCohort>>;
let away: Awaited<ReturnType<typeof createCohort>>;
/** The self-assessment of the first book (a book has at most one). */
let firstBookAssessment: Awaited<ReturnType<typeof createAssessment>>;
const figures = { changes: 0, serverErrors: 0, duplicates: 0, raceTrials: 0, overwrites: 0 };

beforeAll(async () => {
  slack = await new FakeSlack().start();
  ctx = await createTestContext({ slack: { apiUrl: slack.url, token: 'xoxb-test' } });
  staff = await createStaff(ctx.db);
  course = await createCourse(ctx.db, { books: 2, projectsPerBook: 2 });
  home = await createCohort(ctx.db, { name: 'Home Cohort' });
  away = await createCohort(ctx.db, { name: 'Away Cohort' });
  await addCohortCourse(ctx.db, home.id, course.id, 0, true);
  const awayCourse = await createCourse(ctx.db, { books: 1, projectsPerBook: 1 });
  await addCohortCourse(ctx.db, away.id, awayCourse.id, 0, true);
  firstBookAssessment = await createAssessment(ctx.db, course.books[0]!.id, { weights: [5, 7] });
});

afterAll(async () => {
  console.log(
    `concurrency: ${figures.changes} state changes × ${PARALLEL} parallel, 5xx: ${figures.serverErrors}, duplicate effects: ${figures.duplicates}; staff-vs-learner status race: ${figures.raceTrials} trials, overwrites: ${figures.overwrites}`,
  );
  await ctx?.close();
  await slack?.stop();
});

/** A learner of the home cohort on its first project, with a Slack member ID of their own. */
async function learner() {
  const person = await createLearner(ctx.db);
  await enrol(ctx.db, home.id, person.id);
  await ctx.db
    .insertInto('student_projects')
    .values({ student_id: person.id, project_id: course.books[0]!.projects[0]!.id })
    .execute();
  const handle = `UC${person.id}`;
  await ctx.db
    .updateTable('people')
    .set({ slack_handle: handle })
    .where('id', '=', person.id)
    .execute();
  return { ...person, handle };
}

/** The same request PARALLEL times at once, and the jobs they queued (Slack messages) run. */
async function burst(send: () => Promise<LightMyRequestResponse>) {
  const responses = await Promise.all(Array.from({ length: PARALLEL }, send));
  await jobsSettled(ctx.db);
  return responses;
}

/**
 * Tallies one state change: no 5xx, and each effect (a count that must be exactly 1) seen once.
 * Returns the answers' status codes for the scenario's own checks.
 */
function tally(responses: LightMyRequestResponse[], effects: Record<string, number>) {
  figures.changes += 1;
  const serverErrors = responses.filter((response) => response.statusCode >= 500);
  figures.serverErrors += serverErrors.length;
  for (const count of Object.values(effects)) figures.duplicates += Math.max(0, count - 1);
  expect(serverErrors.map((response) => response.body)).toEqual([]);
  expect(effects).toEqual(Object.fromEntries(Object.keys(effects).map((key) => [key, 1])));
  return responses.map((response) => response.statusCode);
}

/** The `n` of a `select count(*)::int as n …`. */
const count = async (query: RawBuilder<unknown>) =>
  Number(((await query.execute(ctx.db)).rows[0] as { n?: number } | undefined)?.n ?? 0);

const auditRows = (entity: string, action: string, where: RawBuilder<unknown>) =>
  count(sql`select count(*)::int as n from audit_log
    where entity = ${entity} and action = ${action} and ${where}`);

const slackTo = (channel: string | null, text: string) =>
  slack.messages.filter((message) => message.channel === channel && message.text.includes(text))
    .length;

const others = (codes: number[], success: number) => codes.filter((code) => code !== success);

describe(`${PARALLEL} identical requests at once change a learner exactly once`, () => {
  it('moves a learner to a project once; the rest hear the duplicate rule', async () => {
    const person = await learner();
    const projectId = course.books[0]!.projects[1]!.id;
    const responses = await burst(() =>
      ctx.request({
        method: 'POST',
        url: `/api/students/${person.id}/project`,
        token: staff.token,
        payload: { projectId },
      }),
    );
    const codes = tally(responses, {
      assignment: await count(sql`select count(*)::int as n from student_projects
        where student_id = ${person.id} and project_id = ${projectId}`),
      audit: await auditRows(
        'learner',
        'move',
        sql`entity_id = ${String(person.id)} and after->'project'->>'id' = ${String(projectId)}`,
      ),
    });
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    const refused = responses.filter((response) => response.statusCode !== 201);
    expect(new Set(refused.map((response) => response.json().message))).toEqual(
      new Set(['duplicate: the student has previously been assigned to that project']),
    );
  });

  it("marks a self-assessment 'Reviewed and Complete' once: one audit row, one entry per objective, one Slack message", async () => {
    const person = await learner();
    const assessment = firstBookAssessment;
    const row = await startAssessment(
      ctx.db,
      person.id,
      assessment.id,
      ASSESSMENT_STATUS.readyForReview,
    );
    const responses = await burst(() =>
      ctx.request({
        method: 'PUT',
        url: `/api/students/${person.id}/assess`,
        token: staff.token,
        payload: { statusId: ASSESSMENT_STATUS.reviewedComplete, instructorNotes: 'Well done' },
      }),
    );
    const entries = await count(sql`select count(*)::int as n from learning_record_entries e
      join learning_records r on r.id = e.record_id where r.student_id = ${person.id}`);
    const codes = tally(responses, {
      audit: await auditRows(
        'learner',
        'status',
        sql`after->>'student_assessment_id' = ${String(row.id)}`,
      ),
      'entries per objective': entries / assessment.objectives.length,
      'Slack message': slackTo(person.handle, 'Self-Assessment Review Complete'),
    });
    expect(others(codes, 204)).toEqual([]);
  });

  it('tags a learner once; the rest hear that the learner has the tag', async () => {
    const person = await learner();
    const tag = await ctx.db
      .insertInto('tags')
      .values({ name: `Race ${person.id}` })
      .returningAll()
      .executeTakeFirstOrThrow();
    const responses = await burst(() =>
      ctx.request({
        method: 'POST',
        url: '/api/studenttags',
        token: staff.token,
        payload: { student: person.id, tag: tag.id },
      }),
    );
    const codes = tally(responses, {
      link: await count(sql`select count(*)::int as n from student_tags
        where student_id = ${person.id} and tag_id = ${tag.id}`),
      'history entry': await auditRows('learner', 'tag', sql`entity_id = ${String(person.id)}`),
    });
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(`The learner already has the tag '${tag.name}'.`);
    }
  });

  it('restores a deleted tag once: its links come back once, the rest hear it is there', async () => {
    const person = await learner();
    const tag = await ctx.db
      .insertInto('tags')
      .values({ name: `Restored ${person.id}` })
      .returningAll()
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('student_tags')
      .values({ student_id: person.id, tag_id: tag.id })
      .execute();
    await ctx.request({ method: 'DELETE', url: `/api/tags/${tag.id}`, token: staff.token });
    const responses = await burst(() =>
      ctx.request({ method: 'POST', url: `/api/tags/${tag.id}/restore`, token: staff.token }),
    );
    const codes = tally(responses, {
      link: await count(sql`select count(*)::int as n from student_tags where tag_id = ${tag.id}`),
      'audit row': await auditRows('tag', 'restore', sql`entity_id = ${String(tag.id)}`),
    });
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(others(codes, 200).every((code) => code === 409)).toBe(true);
  });

  it('clears a learner once: one history entry, the rest hear there was nothing left', async () => {
    const person = await learner();
    await giveProgress(ctx.db, person.id, staff.id);
    const responses = await burst(() =>
      ctx.request({
        method: 'DELETE',
        url: `/api/students/${person.id}?soft=true`,
        token: staff.token,
      }),
    );
    const codes = tally(responses, {
      'history entry': await auditRows('learner', 'clear', sql`entity_id = ${String(person.id)}`),
    });
    expect(others(codes, 200)).toEqual([]);
    const history = await ctx.request({
      method: 'GET',
      url: `/api/students/${person.id}/history`,
      token: staff.token,
    });
    expect(history.json()).toHaveLength(1);
  });

  it('transfers a learner once; the rest hear they are already there', async () => {
    const person = await learner();
    const responses = await burst(() =>
      ctx.request({
        method: 'POST',
        url: `/api/students/${person.id}/transfer`,
        token: staff.token,
        payload: { cohortId: away.id },
      }),
    );
    const codes = tally(responses, {
      membership: await count(sql`select count(*)::int as n from cohort_memberships
        where person_id = ${person.id} and cohort_id = ${away.id}`),
      audit: await auditRows('learner', 'transfer', sql`entity_id = ${String(person.id)}`),
    });
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toContain('is already in Away Cohort');
    }
  });

  it('adds a capstone timeline step once, with one Slack message', async () => {
    const person = await learner();
    const capstone = await createCapstone(ctx.db, person.id, course.id, 'https://example.com/p');
    const responses = await burst(() =>
      ctx.request({
        method: 'POST',
        url: '/api/timelines',
        token: staff.token,
        payload: { capstone: capstone.id, status: 1 },
      }),
    );
    const codes = tally(responses, {
      step: await count(sql`select count(*)::int as n from capstone_timelines
        where capstone_id = ${capstone.id} and status_id = 1`),
      audit: await auditRows(
        'learner',
        'capstone_step',
        sql`after->>'capstone_id' = ${String(capstone.id)}`,
      ),
      'Slack message': slackTo(person.handle, 'Your capstone proposal was marked as'),
    });
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(others(codes, 201).every((code) => code === 409)).toBe(true);
  });

  it('takes a capstone proposal once; the rest hear it was already submitted', async () => {
    const person = await learner();
    const responses = await burst(() =>
      ctx.request({
        method: 'POST',
        url: '/api/capstones',
        token: person.token,
        payload: { course: course.id, proposalURL: 'https://docs.example.com/proposal' },
      }),
    );
    const codes = tally(responses, {
      proposal: await count(sql`select count(*)::int as n from capstones
        where student_id = ${person.id} and course_id = ${course.id}`),
      audit: await auditRows(
        'capstone',
        'create',
        sql`after->>'student_id' = ${String(person.id)}`,
      ),
      'Slack message': slackTo(person.handle, 'capstone proposal was successfully submitted'),
    });
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(ALREADY_SUBMITTED_MESSAGE);
    }
  });

  it('starts a self-assessment once; the rest are pointed to it', async () => {
    const person = await learner();
    const responses = await burst(() =>
      ctx.request({
        method: 'POST',
        url: `/api/students/${person.id}/assess`,
        token: person.token,
        payload: { bookId: course.books[0]!.id },
      }),
    );
    const started = await ctx.db
      .selectFrom('student_assessments')
      .select('id')
      .where('student_id', '=', person.id)
      .execute();
    const codes = tally(responses, {
      assessment: started.length,
      audit: await auditRows('learner', 'start_assessment', sql`entity_id = ${String(person.id)}`),
      'Slack message': slackTo(
        home.slack_channel,
        `${person.first_name} ${person.last_name} has started`,
      ),
    });
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expect(response.statusCode).toBe(409);
      expect(response.headers.location).toBe(`/api/assessments/${started[0]?.id}`);
    }
  });
});

describe("a learner's submission racing a staff review", () => {
  it("never overwrites 'Reviewed and Complete'", async () => {
    const assessment = await createAssessment(ctx.db, course.books[1]!.id, { weights: [3, 4] });
    const outcomes: Array<{ status: number; submissions: number; serverErrors: number }> = [];
    for (let trial = 0; trial < RACE_TRIALS; trial += 1) {
      const person = await learner();
      const row = await startAssessment(ctx.db, person.id, assessment.id);
      const put = (token: string, statusId: number) =>
        ctx.request({
          method: 'PUT',
          url: `/api/students/${person.id}/assess`,
          token,
          payload: { statusId },
        });
      const submit = () => put(person.token, ASSESSMENT_STATUS.readyForReview);
      const review = () => put(staff.token, ASSESSMENT_STATUS.reviewedComplete);
      const responses = await Promise.all([submit(), submit(), review(), submit(), submit()]);
      const after = await ctx.db
        .selectFrom('student_assessments')
        .select('status_id')
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      outcomes.push({
        status: after.status_id,
        // The learner's submission counts at most once, and only before the review.
        submissions: await auditRows(
          'learner',
          'status',
          sql`after->>'student_assessment_id' = ${String(row.id)} and after->>'status_id' = '2'`,
        ),
        serverErrors: responses.filter((response) => response.statusCode >= 500).length,
      });
    }
    figures.raceTrials += outcomes.length;
    for (const outcome of outcomes) {
      if (outcome.status !== ASSESSMENT_STATUS.reviewedComplete) figures.overwrites += 1;
      figures.duplicates += Math.max(0, outcome.submissions - 1);
      figures.serverErrors += outcome.serverErrors;
    }
    expect(outcomes).toEqual(
      outcomes.map((outcome) => ({
        status: ASSESSMENT_STATUS.reviewedComplete,
        submissions: Math.min(outcome.submissions, 1),
        serverErrors: 0,
      })),
    );
  });
});
