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

// The database keeps each learner's board card (migration 0530) in the statement that changes one
// of its facts. Whatever changes, the kept cards are what rebuilding every card from scratch
// makes, and the board shows the change.
let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
});
afterAll(() => ctx.close());

const keptCards = async () =>
  (await sql`select * from learner_cards order by student_id`.execute(ctx.db)).rows;

/** The cards as a rebuild of every card from its facts makes them. */
async function rebuiltCards() {
  await sql`select refresh_learner_cards(array(select id from people))`.execute(ctx.db);
  return keptCards();
}

const boardOf = async (cohortId: number) => {
  const response = await ctx.request({
    method: 'GET',
    url: `/api/students?cohort=${cohortId}`,
    token: staff.token,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as BoardLearner[];
};

describe('learner cards', () => {
  it('stay what a rebuild from scratch makes, through every kind of change a card shows', async () => {
    const cohort = await createCohort(ctx.db, { name: 'Kept cards' });
    const course = await createCourse(ctx.db, { books: 2, projectsPerBook: 2 });
    await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
    const [first, second] = course.books.map((book) => book.projects[0]!);
    const assessment = await createAssessment(ctx.db, course.books[0]!.id, { weights: [5, 7] });
    const [ada, bo] = [await createLearner(ctx.db), await createLearner(ctx.db)];
    for (const learner of [ada, bo]) await enrol(ctx.db, cohort.id, learner.id);
    const db = ctx.db;
    const cardOf = async (id: number) => (await boardOf(cohort.id)).find((card) => card.id === id);

    const changes: Array<[string, () => Promise<unknown>]> = [
      ['a project assigned', () => assignProject(db, ada.id, first!.id)],
      ['a self-assessment started', () => startAssessment(db, ada.id, assessment.id, 1)],
      [
        'its status changed',
        () =>
          db
            .updateTable('student_assessments')
            .set({ status_id: 3, status_changed_at: sql`now() - interval '3 days'` })
            .where('student_id', '=', ada.id)
            .execute(),
      ],
      [
        'an objective achieved',
        () => recordObjective(db, ada.id, assessment.objectives[0]!.id, true),
      ],
      [
        "an objective's weight changed",
        () =>
          db
            .updateTable('learning_objectives')
            .set({ weight: 11 })
            .where('id', '=', assessment.objectives[0]!.id)
            .execute(),
      ],
      ['a tag given', () => tagLearner(db, ada.id, 'Pairing')],
      [
        'a tag renamed',
        () =>
          db.updateTable('tags').set({ name: 'Pair work' }).where('name', '=', 'Pairing').execute(),
      ],
      ['a capstone proposed', () => createCapstone(db, bo.id, course.id, 'https://example.com/p')],
      [
        'its status given',
        async () => {
          const capstone = await db
            .selectFrom('capstones')
            .select('id')
            .where('student_id', '=', bo.id)
            .executeTakeFirstOrThrow();
          await addTimeline(db, capstone.id, 3);
        },
      ],
      [
        'a course renamed',
        () =>
          db
            .updateTable('courses')
            .set({ name: 'Renamed course' })
            .where('id', '=', course.id)
            .execute(),
      ],
      [
        'a proposal status renamed',
        () =>
          db
            .updateTable('proposal_statuses')
            .set({ status: 'Approved!' })
            .where('id', '=', 3)
            .execute(),
      ],
      [
        'a project renamed',
        () =>
          db
            .updateTable('projects')
            .set({ name: 'Renamed project' })
            .where('id', '=', first!.id)
            .execute(),
      ],
      [
        'a book renamed',
        () =>
          db
            .updateTable('books')
            .set({ name: 'Renamed book' })
            .where('id', '=', course.books[0]!.id)
            .execute(),
      ],
      [
        'a learner renamed',
        () =>
          db
            .updateTable('people')
            .set({ first_name: 'Adaline' })
            .where('id', '=', ada.id)
            .execute(),
      ],
      ['a learner moved on', () => assignProject(db, ada.id, second!.id)],
      [
        'the move undone',
        () =>
          db
            .deleteFrom('student_projects')
            .where('student_id', '=', ada.id)
            .where('project_id', '=', second!.id)
            .execute(),
      ],
      [
        'a tag removed from the catalogue',
        () => db.deleteFrom('tags').where('name', '=', 'Pair work').execute(),
      ],
      [
        'a learner made inactive',
        () => db.updateTable('people').set({ is_active: false }).where('id', '=', bo.id).execute(),
      ],
      [
        'and active again',
        () => db.updateTable('people').set({ is_active: true }).where('id', '=', bo.id).execute(),
      ],
      ['every record cleared at once', () => sql`truncate learning_records cascade`.execute(db)],
      ['a learner deleted', () => db.deleteFrom('people').where('id', '=', bo.id).execute()],
    ];
    for (const [what, change] of changes) {
      await change();
      const kept = await keptCards();
      expect(kept, what).toEqual(await rebuiltCards());
    }

    // What the board showed along the way comes from the kept cards: spot checks of the end.
    const card = await cardOf(ada.id);
    expect(card).toMatchObject({
      name: expect.stringMatching(/^Adaline /),
      project_name: 'Renamed project',
      book_name: 'Renamed book',
      assessment_status_id: 3,
      score: 0,
      tags: [],
    });
    expect(await cardOf(bo.id)).toBeUndefined();
    await db
      .updateTable('proposal_statuses')
      .set({ status: 'Approved' })
      .where('id', '=', 3)
      .execute();
  });

  it('shows a change on the board the moment it is made', async () => {
    const cohort = await createCohort(ctx.db, { name: 'Cards on the board' });
    const course = await createCourse(ctx.db, { books: 1, projectsPerBook: 1 });
    await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
    const learner = await createLearner(ctx.db);
    await enrol(ctx.db, cohort.id, learner.id);
    await tagLearner(ctx.db, learner.id, 'Night owl');
    expect((await boardOf(cohort.id))[0]?.tags.map((tag) => tag.tag)).toEqual(['Night owl']);

    await ctx.db
      .updateTable('tags')
      .set({ name: 'Early bird' })
      .where('name', '=', 'Night owl')
      .execute();
    expect((await boardOf(cohort.id))[0]?.tags.map((tag) => tag.tag)).toEqual(['Early bird']);
  });
});
