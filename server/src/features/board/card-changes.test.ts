import type { BoardLearner } from '@lp/contract/board';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
  recordObjective,
  startAssessment,
  tagLearner,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

// The board works each card out from the learner's rows when it is read: whatever changes, the
// next board read shows it, the catalogue's renames included.
let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
});
afterAll(() => ctx.close());

const boardOf = async (cohortId: number) => {
  const response = await ctx.request({
    method: 'GET',
    url: `/api/students?cohort=${cohortId}`,
    token: staff.token,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as BoardLearner[];
};

describe('a board card', () => {
  it('shows each kind of change at the next read of the board', async () => {
    const { db } = ctx;
    const cohort = await createCohort(db, { name: 'Changing cards' });
    const course = await createCourse(db, { books: 2, projectsPerBook: 2 });
    await addCohortCourse(db, cohort.id, course.id, 0, true);
    const [first, second] = course.books.map((book) => book.projects[0]!);
    const assessment = await createAssessment(db, course.books[0]!.id, { weights: [5, 7] });
    const objective = assessment.objectives[0]!.id;
    const learner = await createLearner(db, { firstName: 'Ada', lastName: 'Card' });
    await enrol(db, cohort.id, learner.id);
    const update = (table: 'tags' | 'courses' | 'projects' | 'books' | 'proposal_statuses') =>
      db.updateTable(table);
    const setActive = (active: boolean) =>
      db.updateTable('people').set({ is_active: active }).where('id', '=', learner.id).execute();
    const capstone = () =>
      db.selectFrom('capstones').select('id').where('student_id', '=', learner.id);

    const changes: Array<[string, () => Promise<unknown>, Partial<BoardLearner> | undefined]> = [
      [
        'a project assigned',
        () => assignProject(db, learner.id, first!.id),
        { project_id: first!.id },
      ],
      ['moved on', () => assignProject(db, learner.id, second!.id), { project_id: second!.id }],
      [
        'the move undone',
        () =>
          db
            .deleteFrom('student_projects')
            .where('student_id', '=', learner.id)
            .where('project_id', '=', second!.id)
            .execute(),
        { project_id: first!.id, assessment_status_id: 0 },
      ],
      [
        'a self-assessment started',
        () => startAssessment(db, learner.id, assessment.id, 1),
        { assessment_status_id: 1 },
      ],
      [
        'its status changed',
        () =>
          db
            .updateTable('student_assessments')
            .set({ status_id: 3, status_changed_at: sql`now() - interval '3 days'` })
            .where('student_id', '=', learner.id)
            .execute(),
        // The days count from the self-assessment's start, not from its last status change.
        { assessment_status_id: 3, project_duration: 0 },
      ],
      [
        'an objective achieved',
        () => recordObjective(db, learner.id, objective, true),
        { score: 5 },
      ],
      [
        "the objective's weight changed",
        () =>
          db
            .updateTable('learning_objectives')
            .set({ weight: 11 })
            .where('id', '=', objective)
            .execute(),
        { score: 11 },
      ],
      [
        'a tag given',
        () => tagLearner(db, learner.id, 'Pairing'),
        { tags: [expect.objectContaining({ tag: 'Pairing' })] },
      ],
      [
        'the tag renamed',
        () => update('tags').set({ name: 'Pair work' }).where('name', '=', 'Pairing').execute(),
        { tags: [expect.objectContaining({ tag: 'Pair work' })] },
      ],
      [
        'the tag deleted',
        () => db.deleteFrom('tags').where('name', '=', 'Pair work').execute(),
        { tags: [] },
      ],
      [
        'a capstone proposed',
        () => createCapstone(db, learner.id, course.id, 'https://example.com/p'),
        { proposals: [expect.objectContaining({ status: null, course_name: course.name })] },
      ],
      [
        'its timeline moved on',
        async () => addTimeline(db, (await capstone().executeTakeFirstOrThrow()).id, 3),
        { proposals: [expect.objectContaining({ status: 'Approved', current_status_id: 3 })] },
      ],
      [
        'the proposal status renamed',
        () =>
          update('proposal_statuses').set({ status: 'Approved!' }).where('id', '=', 3).execute(),
        { proposals: [expect.objectContaining({ status: 'Approved!' })] },
      ],
      [
        'the course renamed',
        () =>
          update('courses').set({ name: 'Renamed course' }).where('id', '=', course.id).execute(),
        { proposals: [expect.objectContaining({ course_name: 'Renamed course' })] },
      ],
      [
        'the project renamed',
        () =>
          update('projects').set({ name: 'Renamed project' }).where('id', '=', first!.id).execute(),
        { project_name: 'Renamed project' },
      ],
      [
        'the book renamed',
        () =>
          update('books')
            .set({ name: 'Renamed book' })
            .where('id', '=', course.books[0]!.id)
            .execute(),
        { book_name: 'Renamed book' },
      ],
      [
        'the learner renamed',
        () =>
          db
            .updateTable('people')
            .set({ first_name: 'Adaline' })
            .where('id', '=', learner.id)
            .execute(),
        { name: 'Adaline Card' },
      ],
      ['the learner made inactive', () => setActive(false), undefined],
      ['and active again', () => setActive(true), { name: 'Adaline Card' }],
      [
        'the learner deleted',
        () => db.deleteFrom('people').where('id', '=', learner.id).execute(),
        undefined,
      ],
    ];
    for (const [what, change, shown] of changes) {
      await change();
      const card = (await boardOf(cohort.id)).find((each) => each.id === learner.id);
      if (shown) expect(card, what).toMatchObject(shown);
      else expect(card, what).toBeUndefined();
    }
  });
});
