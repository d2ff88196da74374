import { readFileSync } from 'node:fs';
import type { CohortHealth, HealthFlagKind, LearnerHealth } from '@lp/contract/health';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCohortCourse,
  assignProject,
  createAssessment,
  createCohort,
  createCourse,
  createLearner,
  createObjective,
  createStaff,
  enrol,
  recordObjective,
  startAssessment,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { daysBefore } from '../../../test/whole-days.ts';
import type { HealthSettings } from '../../config.ts';
import { refreshWork } from '../github/index.ts';
import { HEALTH_QUERIES } from './cohort-health.query.ts';
import { cohortHealth } from './cohort-health.service.ts';

// The pace model on known histories: each flag just below and at its threshold. Instants are
// whole days ago plus an hour, so elapsed days are exact whatever the clock says.

const settings: HealthSettings = {
  minHistory: 3,
  pacePercentile: 80,
  actNowEvidence: 4,
  restDays: 7,
  reviewWaitDays: 3,
  inactiveDays: 7,
  objectivesBehind: 2,
  coreSkillLevel: 3,
  noPushDays: 5,
  failingChecksDays: 2,
};

const daysAgo = daysBefore(Date.now());

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.db;

/** A cohort on a fresh course of one book with two projects, and a learner enrolled in it. */
async function cohortWithCourse(pastLearners: number, pastDays: number) {
  const cohort = await createCohort(db());
  const course = await createCourse(db(), { books: 2, projectsPerBook: 2 });
  await addCohortCourse(db(), cohort.id, course.id, 0, true);
  const [first, second] = course.books[0]!.projects;
  // Past learners, in an earlier cohort: each spent `pastDays` on the first project.
  const earlier = await createCohort(db());
  for (let i = 0; i < pastLearners; i += 1) {
    const past = await createLearner(db());
    await enrol(db(), earlier.id, past.id);
    await assignProject(db(), past.id, first!.id, daysAgo(100 + pastDays));
    await assignProject(db(), past.id, second!.id, daysAgo(100));
  }
  return { cohort, course, first: first!, second: second! };
}

async function learnerIn(cohortId: number, name: string) {
  const learner = await createLearner(db(), { firstName: name, lastName: 'Test' });
  await enrol(db(), cohortId, learner.id);
  return learner;
}

const health = (cohortId: number, overrides: Partial<HealthSettings> = {}) =>
  cohortHealth(ctx.app, cohortId, { ...settings, ...overrides });

const learnerOf = (report: CohortHealth, id: number): LearnerHealth => {
  const found = report.learners.find((learner) => learner.student_id === id);
  if (!found) throw new Error(`learner ${id} is not in the report`);
  return found;
};
/** The review queue as a reader sees it: who, which self-assessment, how long. */
const queueOf = (report: CohortHealth) =>
  report.review_queue.map(({ name, assessment, waiting_days }) => ({
    name,
    assessment,
    waiting_days,
  }));

const kinds = (report: CohortHealth, id: number): HealthFlagKind[] =>
  learnerOf(report, id).flags.map((flag) => flag.kind);

/** A learner on the first project with a repository linked for it, and its events. */
async function learnerWithRepository(cohortId: number, projectId: number, name: string) {
  const learner = await learnerIn(cohortId, name);
  await assignProject(db(), learner.id, projectId, daysAgo(20));
  const repository = await db()
    .insertInto('repositories')
    .values({
      full_name: `acme/${name}-${learner.id}`,
      html_url: `https://github.com/acme/${name}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('repository_links')
    .values({
      repository_id: repository.id,
      learner_id: learner.id,
      project_id: projectId,
      source: 'staff',
      created_at: daysAgo(20),
    })
    .execute();
  const event = async (kind: 'push' | 'check', at: string, state: string) => {
    await db()
      .insertInto('repository_events')
      .values({
        repository_id: repository.id,
        kind,
        subject: kind === 'push' ? 'main' : 'run:1',
        key: `${kind}:${at}:${state}`,
        occurred_at: at,
        title: kind === 'push' ? 'Work' : 'test',
        head_sha: 'a'.repeat(40),
        state,
      })
      .execute();
    await refreshWork(db(), [repository.id]);
  };
  return { learner, event };
}

describe('project pace', () => {
  it('flags a learner past what 80% of past learners took, with the numbers in words', async () => {
    const { cohort, first } = await cohortWithCourse(3, 6);
    const onTime = await learnerIn(cohort.id, 'Ontime');
    const late = await learnerIn(cohort.id, 'Late');
    await assignProject(db(), onTime.id, first.id, daysAgo(6));
    await assignProject(db(), late.id, first.id, daysAgo(7));

    const report = await health(cohort.id, { inactiveDays: 365 });
    expect(kinds(report, onTime.id)).not.toContain('project_pace');
    expect(kinds(report, late.id)).toContain('project_pace');
    expect(learnerOf(report, late.id).project).toMatchObject({
      name: first.name,
      days: 7,
      history: { past_learners: 3 },
    });
    expect(report.at_risk).toEqual([
      {
        student_id: late.id,
        name: 'Late Test',
        level: 'watch',
        evidence: 2,
        reasons: [
          `7 days on ${first.name}; 80% of past learners finished it in 6 (median 6, 3 past learners)`,
        ],
      },
    ]);
  });

  it('does not judge a project with fewer past learners than the setting asks', async () => {
    const { cohort, first } = await cohortWithCourse(2, 6);
    const late = await learnerIn(cohort.id, 'Late');
    await assignProject(db(), late.id, first.id, daysAgo(30));

    const report = await health(cohort.id, { inactiveDays: 365 });
    expect(kinds(report, late.id)).toEqual([]);
    expect(learnerOf(report, late.id).project?.history.past_learners).toBe(2);
    expect((await health(cohort.id, { inactiveDays: 365, minHistory: 2 })).at_risk).toHaveLength(1);
  });
});

describe('book pace', () => {
  it('flags a learner who stayed in a book longer than 80% of past learners', async () => {
    const { cohort, course, first, second } = await cohortWithCourse(0, 0);
    const nextBook = course.books[1]!.projects[0]!;
    const earlier = await createCohort(db());
    for (let i = 0; i < 3; i += 1) {
      const past = await createLearner(db());
      await enrol(db(), earlier.id, past.id);
      await assignProject(db(), past.id, first.id, daysAgo(110));
      await assignProject(db(), past.id, second.id, daysAgo(105));
      await assignProject(db(), past.id, nextBook.id, daysAgo(100));
    }
    const onTime = await learnerIn(cohort.id, 'Ontime');
    const late = await learnerIn(cohort.id, 'Late');
    await assignProject(db(), onTime.id, first.id, daysAgo(10));
    await assignProject(db(), onTime.id, second.id, daysAgo(1));
    await assignProject(db(), late.id, first.id, daysAgo(11));
    await assignProject(db(), late.id, second.id, daysAgo(1));

    const report = await health(cohort.id, { inactiveDays: 365 });
    expect(kinds(report, onTime.id)).toEqual([]);
    expect(kinds(report, late.id)).toEqual(['book_pace']);
    expect(report.at_risk[0]?.reasons).toEqual([
      '11 days on Book 1; 80% of past learners finished it in 10 (median 10, 3 past learners)',
    ]);
    expect(report.books.map((book) => [book.name, book.learners])).toEqual([
      ['Book 1', 2],
      ['Book 2', 0],
    ]);
  });
});

describe('review queue', () => {
  it('lists waiting self-assessments oldest first and flags those waiting the set days', async () => {
    const { cohort, course } = await cohortWithCourse(0, 0);
    const assessment = await createAssessment(db(), course.books[0]!.id, { name: 'Numbers' });
    const fresh = await learnerIn(cohort.id, 'Fresh');
    const waiting = await learnerIn(cohort.id, 'Waiting');
    const working = await learnerIn(cohort.id, 'Working');
    for (const learner of [fresh, waiting, working]) {
      await assignProject(db(), learner.id, course.books[0]!.projects[0]!.id, daysAgo(9));
    }
    await startAssessment(db(), fresh.id, assessment.id, 2, daysAgo(2));
    await startAssessment(db(), waiting.id, assessment.id, 2, daysAgo(3));
    await startAssessment(db(), working.id, assessment.id, 1, daysAgo(5));

    const report = await health(cohort.id, { inactiveDays: 365 });
    expect(queueOf(report)).toEqual([
      { name: 'Waiting Test', assessment: 'Numbers', waiting_days: 3 },
      { name: 'Fresh Test', assessment: 'Numbers', waiting_days: 2 },
    ]);
    expect(kinds(report, fresh.id)).toEqual([]);
    expect(kinds(report, working.id)).toEqual([]);
    expect(report.at_risk).toEqual([
      {
        student_id: waiting.id,
        name: 'Waiting Test',
        level: 'watch',
        evidence: 2,
        reasons: ['Numbers waiting for review for 3 days'],
      },
    ]);
  });
});

describe('the review queue and the board', () => {
  it("lists only the self-assessment of each learner's current book, the one their card shows", async () => {
    const { cohort, course, first } = await cohortWithCourse(0, 0);
    const numbers = await createAssessment(db(), course.books[0]!.id, { name: 'Numbers' });
    const strings = await createAssessment(db(), course.books[1]!.id, { name: 'Strings' });
    const movedOn = await learnerIn(cohort.id, 'Movedon');
    const bothWaiting = await learnerIn(cohort.id, 'Both');
    const noProject = await learnerIn(cohort.id, 'Noproject');
    // Left waiting in the first book, then moved to the second.
    await assignProject(db(), movedOn.id, first.id, daysAgo(20));
    await startAssessment(db(), movedOn.id, numbers.id, 2, daysAgo(15));
    await assignProject(db(), movedOn.id, course.books[1]!.projects[0]!.id, daysAgo(10));
    // Waiting in both books, now in the second.
    await assignProject(db(), bothWaiting.id, first.id, daysAgo(20));
    await startAssessment(db(), bothWaiting.id, numbers.id, 2, daysAgo(15));
    await assignProject(db(), bothWaiting.id, course.books[1]!.projects[0]!.id, daysAgo(10));
    await startAssessment(db(), bothWaiting.id, strings.id, 2, daysAgo(4));
    // Without a current project the card shows no self-assessment.
    await startAssessment(db(), noProject.id, numbers.id, 2, daysAgo(6));

    const report = await health(cohort.id, { inactiveDays: 365 });
    expect(queueOf(report)).toEqual([
      { name: 'Both Test', assessment: 'Strings', waiting_days: 4 },
    ]);
    expect(learnerOf(report, bothWaiting.id).flags.map((flag) => flag.reason)).toEqual([
      'Strings waiting for review for 4 days',
    ]);
    expect(kinds(report, movedOn.id)).toEqual([]);
    expect(kinds(report, noProject.id)).toEqual([]);
  });
});

describe('activity', () => {
  it('flags no project move, no self-assessment change and no push for the set days', async () => {
    const { cohort, course, first } = await cohortWithCourse(0, 0);
    const assessment = await createAssessment(db(), course.books[0]!.id);
    const moved = await learnerIn(cohort.id, 'Moved');
    const submitted = await learnerIn(cohort.id, 'Submitted');
    const idle = await learnerIn(cohort.id, 'Idle');
    await assignProject(db(), moved.id, first.id, daysAgo(6));
    await assignProject(db(), submitted.id, first.id, daysAgo(20));
    await startAssessment(db(), submitted.id, assessment.id, 1, daysAgo(6));
    await assignProject(db(), idle.id, first.id, daysAgo(20));
    await startAssessment(db(), idle.id, assessment.id, 1, daysAgo(7));
    const pushing = await learnerWithRepository(cohort.id, first.id, 'Pushing');
    await pushing.event('push', daysAgo(6), 'pushed');

    const report = await health(cohort.id, { noPushDays: 365 });
    expect(kinds(report, moved.id)).toEqual([]);
    expect(kinds(report, submitted.id)).toEqual([]);
    expect(kinds(report, pushing.learner.id)).toEqual([]);
    expect(kinds(report, idle.id)).toEqual(['inactive']);
    expect(report.at_risk[0]?.reasons).toEqual([
      'No project move, self-assessment change or push for 7 days',
    ]);
  });
});

describe('work on GitHub', () => {
  it('flags nothing pushed for the set days, and not one day less', async () => {
    const { cohort, first } = await cohortWithCourse(0, 0);
    const recent = await learnerWithRepository(cohort.id, first.id, 'Recent');
    await recent.event('push', daysAgo(4), 'pushed');
    const quiet = await learnerWithRepository(cohort.id, first.id, 'Quiet');
    await quiet.event('push', daysAgo(5), 'pushed');
    const never = await learnerWithRepository(cohort.id, first.id, 'Never');
    const without = await learnerIn(cohort.id, 'Without');
    await assignProject(db(), without.id, first.id, daysAgo(20));

    const report = await health(cohort.id, { noPushDays: 5, inactiveDays: 365 });
    expect(kinds(report, recent.learner.id)).toEqual([]);
    expect(kinds(report, quiet.learner.id)).toEqual(['no_push']);
    expect(learnerOf(report, quiet.learner.id).flags[0]?.reason).toBe(
      'Nothing pushed to GitHub for 5 days',
    );
    // Never pushed: counted from the link (20 days ago).
    expect(learnerOf(report, never.learner.id).flags).toMatchObject([
      { kind: 'no_push', value: 20 },
    ]);
    // No repository linked: nothing to judge.
    expect(kinds(report, without.id)).toEqual([]);
    expect(report.thresholds).toMatchObject({ no_push_days: 5 });
  });

  it('flags checks failing for the set days, and not one day less', async () => {
    const { cohort, first } = await cohortWithCourse(0, 0);
    const fresh = await learnerWithRepository(cohort.id, first.id, 'Fresh');
    await fresh.event('push', daysAgo(1), 'pushed');
    await fresh.event('check', daysAgo(1), 'failure');
    const stuck = await learnerWithRepository(cohort.id, first.id, 'Stuck');
    await stuck.event('push', daysAgo(2), 'pushed');
    await stuck.event('check', daysAgo(2), 'failure');
    const fixed = await learnerWithRepository(cohort.id, first.id, 'Fixed');
    await fixed.event('push', daysAgo(3), 'pushed');
    await fixed.event('check', daysAgo(3), 'failure');
    await fixed.event('check', daysAgo(1), 'success');

    const report = await health(cohort.id, { failingChecksDays: 2, inactiveDays: 365 });
    expect(kinds(report, fresh.learner.id)).toEqual([]);
    expect(kinds(report, stuck.learner.id)).toEqual(['checks_failing']);
    expect(learnerOf(report, stuck.learner.id).flags[0]?.reason).toBe(
      'Checks failing on GitHub for 2 days',
    );
    expect(kinds(report, fixed.learner.id)).toEqual([]);
  });
});

describe('learning objectives and core skills', () => {
  it('flags objectives the set number below the median, and core skills at the level', async () => {
    const { cohort } = await cohortWithCourse(0, 0);
    const objectives = await Promise.all([1, 2, 3, 4].map(() => createObjective(db())));
    const achieve = async (id: number, count: number) => {
      for (const objective of objectives.slice(0, count))
        await recordObjective(db(), id, objective.id, true);
    };
    const ahead = await learnerIn(cohort.id, 'Ahead');
    const middle = await learnerIn(cohort.id, 'Middle');
    const slightly = await learnerIn(cohort.id, 'Slightly');
    const behind = await learnerIn(cohort.id, 'Behind');
    const median = await learnerIn(cohort.id, 'Median');
    await achieve(ahead.id, 4);
    await achieve(middle.id, 3);
    await achieve(median.id, 3);
    await achieve(slightly.id, 2);
    await achieve(behind.id, 1);
    // A not-achieved record counts for nothing.
    await recordObjective(db(), behind.id, objectives[3]!.id, false);
    await db()
      .insertInto('core_skill_records')
      .values([
        { student_id: ahead.id, skill_id: 1, level: 4 },
        { student_id: middle.id, skill_id: 2, level: 3 },
        { student_id: middle.id, skill_id: 4, level: 2 },
      ])
      .execute();

    const report = await health(cohort.id, { inactiveDays: 365 });
    expect(report.objectives_median).toBe(3);
    expect(kinds(report, slightly.id)).toEqual([]);
    expect(kinds(report, behind.id)).toEqual(['objectives_behind']);
    expect(kinds(report, ahead.id)).toEqual([]);
    expect(kinds(report, middle.id)).toEqual(['core_skill']);
    expect(learnerOf(report, behind.id).flags).toMatchObject([
      {
        strength: 'supporting',
        reason: "1 learning objective achieved; the cohort's median is 3",
      },
    ]);
    expect(learnerOf(report, middle.id).flags).toMatchObject([
      {
        strength: 'supporting',
        reason: 'Core skills at or below 3: Communication 2, Algorithmic Thinking 3',
      },
    ]);
    // One supporting reason alone puts nobody on a list.
    expect(learnerOf(report, behind.id).level).toBeNull();
    expect(report.at_risk).toEqual([]);
  });
});

describe('GET /cohorts/{id}/health', () => {
  it('answers staff with the report, and refuses learners, anonymous callers and bad ids', async () => {
    const staff = await createStaff(db());
    const { cohort } = await cohortWithCourse(0, 0);
    const learner = await learnerIn(cohort.id, 'Own');
    const get = (url: string, token: string | null) => ctx.request({ method: 'GET', url, token });

    const ok = await get(`/api/cohorts/${cohort.id}/health`, staff.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      cohort: { id: cohort.id, name: cohort.name },
      thresholds: { min_history: 5, review_wait_days: 3, inactive_days: 7 },
      learners: [{ student_id: learner.id, name: 'Own Test', project: null }],
    });
    expect((await get(`/api/cohorts/${cohort.id}/health`, learner.token)).statusCode).toBe(403);
    expect((await get(`/api/cohorts/${cohort.id}/health`, null)).statusCode).toBe(401);
    expect((await get('/api/cohorts/99999999/health', staff.token)).json()).toEqual({
      message: 'Cohort not found.',
    });
    const bad = await get('/api/cohorts/abc/health', staff.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/);
  });
});

describe('the health SQL under review', () => {
  it('is the SQL committed in queries/ next to its EXPLAIN', () => {
    const committed = (name: string) =>
      readFileSync(new URL(`./queries/${name}`, import.meta.url), 'utf8');
    for (const [name, text] of Object.entries(HEALTH_QUERIES)) expect(committed(name)).toBe(text);
    expect(committed('health.explain.txt')).toContain('Execution Time');
  });
});
