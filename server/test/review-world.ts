import { ASSESSMENT_STATUS } from '@lp/contract/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import {
  addCoach,
  addCohortCourse,
  assignProject,
  createAssessment,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
  startAssessment,
} from './factories.ts';

/**
 * A learner with a Slack member ID whose self-assessment waits for review, and their coach.
 * `path` and `body` are the review (PUT /students/{id}/assess) that sends the learner the
 * "Review Complete" direct message.
 */
export async function createReviewWorld(db: Kysely<Database>) {
  const cohort = await createCohort(db);
  const coach = await createStaff(db);
  await addCoach(db, cohort.id, coach.id);
  const course = await createCourse(db, { books: 1, projectsPerBook: 1 });
  await addCohortCourse(db, cohort.id, course.id, 0, true);
  const book = course.books[0];
  const project = book?.projects[0];
  if (!book || !project) throw new Error('no project');
  const learner = await createLearner(db);
  await enrol(db, cohort.id, learner.id);
  await assignProject(db, learner.id, project.id);
  const handle = `UREVIEW${learner.id}`;
  await db
    .updateTable('people')
    .set({ slack_handle: handle })
    .where('id', '=', learner.id)
    .execute();
  const assessment = await createAssessment(db, book.id);
  await startAssessment(db, learner.id, assessment.id, ASSESSMENT_STATUS.readyForReview);
  return {
    cohort,
    coach,
    handle,
    path: `/students/${learner.id}/assess`,
    body: { statusId: ASSESSMENT_STATUS.reviewedComplete, instructorNotes: 'Well done' },
  };
}
