import type { Expectation } from '../../src/plugins/route-rules.ts';
import { createAssessment, createCourse, createLearner, startAssessment } from '../factories.ts';
import { onFirstProject } from './learner-requests.ts';
import { unique } from './unique.ts';
import type { RequestBuilder, World } from './world.ts';

/**
 * A request whose body (or query) a rule of the route reads: who may set which status, which
 * learner or cohort it names. Each caller gets the route's declared answer (`config.expect`)
 * except where `expect` says otherwise.
 */
export interface BodyVariant {
  /** What this request says differently, named in a mismatch. */
  name: string;
  build: RequestBuilder;
  expect: Partial<Expectation>;
}

/** The learner's self-assessment of the first book (their current project's), started. */
async function startedAssessment(world: World) {
  const assessment = await onFirstProject(world);
  return startAssessment(world.db, world.learner.id, assessment.id);
}

const setStatus =
  (statusId: number): RequestBuilder =>
  async (world) => ({
    params: { id: world.learner.id },
    body: { statusId, studentAssessmentId: (await startedAssessment(world)).id },
  });

const refusedToStaff = { staff: 400, coach: 400 } as const;

/** The body variants of the routes whose rules read the body, keyed as routeRequests. */
export const bodyVariants: Record<string, BodyVariant[]> = {
  'PUT /students/:id/assess': [
    {
      name: 'a learner submits for review',
      build: setStatus(2),
      expect: {},
    },
    {
      name: 'status Reviewed and Incomplete: a review, staff only',
      build: setStatus(3),
      expect: { learner: 403 },
    },
    {
      name: 'status Reviewed and Complete: a review, staff only',
      build: setStatus(4),
      expect: { learner: 403 },
    },
    {
      name: 'status In Progress: learners only submit for review',
      build: setStatus(1),
      expect: { learner: 403 },
    },
    {
      name: 'a learner submits again a self-assessment reviewed and complete',
      build: async (world) => {
        const started = await startedAssessment(world);
        await world.db
          .updateTable('student_assessments')
          .set({ status_id: 4 })
          .where('id', '=', started.id)
          .execute();
        return {
          params: { id: world.learner.id },
          body: { statusId: 2, studentAssessmentId: started.id },
        };
      },
      expect: { learner: 409 },
    },
    {
      name: "another learner's self-assessment named in the body",
      build: async (world) => {
        const theirs = await createAssessment(world.db, world.course.books[0]!.id);
        const started = await startAssessment(world.db, world.otherLearner.id, theirs.id);
        return {
          params: { id: world.learner.id },
          body: { statusId: 2, studentAssessmentId: started.id },
        };
      },
      expect: { learner: 404, staff: 404, coach: 404 },
    },
  ],
  'POST /students/:id/assess': [
    {
      name: 'the book of a project the learner is not on: staff only',
      build: async (world) => {
        await onFirstProject(world);
        const second = world.course.books[1]!;
        await createAssessment(world.db, second.id);
        return { params: { id: world.learner.id }, body: { bookId: second.id } };
      },
      expect: { learner: 403 },
    },
  ],
  'PUT /assessments/:id': [
    ...['Reviewed and Complete', 'Reviewed and Incomplete'].map((status) => ({
      name: `status '${status}' by its name`,
      build: async (world: World) => {
        const assessment = await createAssessment(world.db, world.course.books[0]!.id);
        const started = await startAssessment(world.db, world.learner.id, assessment.id);
        return { params: { id: started.id }, body: { status } };
      },
      expect: {},
    })),
  ],
  'POST /capstones': [
    {
      name: "a course that is not the learner's cohort's",
      build: async ({ db }) => ({
        body: {
          course: (await createCourse(db, { books: 1, projectsPerBook: 1 })).id,
          proposalURL: 'https://example.com/proposal',
          description: 'An app',
        },
      }),
      expect: { learner: 403 },
    },
  ],
  'GET /capstones': [
    {
      name: "a cohort's proposals: staff only",
      build: ({ cohort }) => ({ query: { cohortId: cohort.id } }),
      expect: { learner: 403 },
    },
  ],
  'POST /events': [
    {
      name: 'a cohort the coach does not coach',
      build: ({ otherCohort }) => ({
        body: {
          cohort: otherCohort.id,
          name: 'Standup',
          type: 1,
          date: '2026-10-01',
          time: '09:00',
        },
      }),
      expect: { coach: 403 },
    },
  ],
  'POST /teams': [
    {
      name: "another cohort's learner in the team",
      build: ({ cohort, learner, otherLearner }) => ({
        body: {
          cohort: cohort.id,
          students: [learner.id, otherLearner.id],
          weeklyPrefix: 'wk',
          teamIndex: 1,
          groupProject: null,
        },
      }),
      expect: refusedToStaff,
    },
    {
      name: "the cohort's coach in the team",
      build: ({ cohort, learner, coach }) => ({
        body: {
          cohort: cohort.id,
          students: [learner.id, coach.id],
          weeklyPrefix: 'wk',
          teamIndex: 1,
          groupProject: null,
        },
      }),
      expect: {},
    },
    {
      name: 'a staff member who does not coach the cohort in the team',
      build: ({ cohort, learner, staff }) => ({
        body: {
          cohort: cohort.id,
          students: [learner.id, staff.id],
          weeklyPrefix: 'wk',
          teamIndex: 1,
          groupProject: null,
        },
      }),
      expect: refusedToStaff,
    },
  ],
  'POST /teams/batch': [
    {
      name: "another cohort's learner in a team",
      build: ({ cohort, learner, otherLearner }) => ({
        body: {
          cohort: cohort.id,
          weeklyPrefix: 'wk',
          groupProject: null,
          teams: [{ teamIndex: 1, students: [learner.id, otherLearner.id] }],
        },
      }),
      expect: refusedToStaff,
    },
  ],
  'POST /cohorts/:id/assign': [
    {
      name: 'a staff member as a learner',
      build: ({ cohort, staff }) => ({ params: { id: cohort.id }, body: { person_id: staff.id } }),
      expect: refusedToStaff,
    },
    {
      name: "another cohort's learner (a transfer moves them)",
      build: ({ cohort, otherLearner }) => ({
        params: { id: cohort.id },
        body: { person_id: otherLearner.id },
      }),
      expect: { staff: 409, coach: 409 },
    },
    {
      name: 'a deactivated account',
      build: async ({ db, cohort }) => {
        const person = await createLearner(db);
        await db
          .updateTable('people')
          .set({ is_active: false })
          .where('id', '=', person.id)
          .execute();
        return { params: { id: cohort.id }, body: { person_id: person.id } };
      },
      expect: { staff: 409, coach: 409 },
    },
  ],
  'DELETE /cohorts/:id/assign': [
    {
      name: "another cohort's learner",
      build: ({ cohort, otherLearner }) => ({
        params: { id: cohort.id },
        body: { student_id: otherLearner.id },
      }),
      expect: { staff: 409, coach: 409 },
    },
  ],
  'PUT /students/:id': [
    {
      name: "another learner's Slack member id",
      build: async ({ db, learner, otherLearner }) => {
        const taken = unique('U0');
        await db
          .updateTable('people')
          .set({ slack_handle: taken })
          .where('id', '=', otherLearner.id)
          .execute();
        return { params: { id: learner.id }, body: { slack_handle: taken } };
      },
      expect: { learner: 409, staff: 409, coach: 409 },
    },
  ],
  'POST /users': [
    {
      name: 'a staff account',
      build: () => ({
        body: {
          username: unique('user'),
          password: 'correct horse battery',
          first_name: 'New',
          last_name: 'Staff',
          staff: true,
        },
      }),
      expect: {},
    },
  ],
};
