import {
  addTimeline,
  assignProject,
  createAssessment,
  createCapstone,
  startAssessment,
} from '../factories.ts';
import { unique } from './unique.ts';
import type { RequestBuilder, World } from './world.ts';

const firstProject = (world: World) => world.course.books[0]!.projects[0]!;

/** The learner on the first project, whose book has a self-assessment. */
export async function onFirstProject(world: World) {
  await assignProject(world.db, world.learner.id, firstProject(world).id);
  return createAssessment(world.db, world.course.books[0]!.id);
}

async function proposal(world: World) {
  return createCapstone(world.db, world.learner.id, world.course.id, 'https://example.com/p');
}

/** A transfer to the other cohort, done by the coach, so there is a change to undo. */
async function transferred(world: World): Promise<number> {
  const { ctx, learner, otherCohort, coach } = world;
  const response = await ctx.request({
    method: 'POST',
    url: `${ctx.config.apiPrefix}/students/${learner.id}/transfer`,
    token: coach.token,
    payload: { cohortId: otherCohort.id },
  });
  return response.json().history_id;
}

/** The board, board actions, capstone proposals and one learner's record. */
export const learnerRequests: Record<string, RequestBuilder> = {
  'GET /students': ({ cohort }) => ({ query: { cohort: cohort.id } }),
  'GET /statuses': () => ({}),
  'GET /proposalstatuses': () => ({}),
  'POST /students/:id/project': (world) => ({
    params: { id: world.learner.id },
    body: { projectId: firstProject(world).id },
  }),
  'POST /students/:id/assess': async (world) => {
    await onFirstProject(world);
    return { params: { id: world.learner.id }, body: { bookId: world.course.books[0]!.id } };
  },
  'PUT /students/:id/assess': async (world) => {
    const assessment = await onFirstProject(world);
    await startAssessment(world.db, world.learner.id, assessment.id);
    return { params: { id: world.learner.id }, body: { statusId: 2 } };
  },

  'GET /capstones': ({ learner }) => ({ query: { studentId: learner.id } }),
  'POST /capstones': ({ course }) => ({
    body: { course: course.id, proposalURL: 'https://example.com/proposal', description: 'An app' },
  }),
  'POST /timelines': async (world) => ({
    body: { capstone: (await proposal(world)).id, status: 1 },
  }),
  'DELETE /timelines/:id': async (world) => ({
    params: { id: (await addTimeline(world.db, (await proposal(world)).id, 1)).id },
  }),

  'GET /students/:id': ({ learner }) => ({ params: { id: learner.id } }),
  'PUT /students/:id': ({ learner }) => ({
    params: { id: learner.id },
    body: { slack_handle: unique('U0') },
  }),
  'DELETE /students/:id': ({ learner }) => ({ params: { id: learner.id }, query: { soft: true } }),
  'POST /students/:id/transfer': ({ learner, otherCohort }) => ({
    params: { id: learner.id },
    body: { cohortId: otherCohort.id },
  }),
  'GET /students/:id/history': ({ learner }) => ({ params: { id: learner.id } }),
  'POST /students/:id/history/:historyId/undo': async (world) => ({
    params: { id: world.learner.id, historyId: await transferred(world) },
  }),
  'POST /students/:id/status': ({ learner }) => ({
    params: { id: learner.id },
    body: { notes: 'Good week' },
  }),
  'GET /students/:id/interventions': ({ learner }) => ({ params: { id: learner.id } }),
  'POST /students/:id/interventions': ({ learner }) => ({
    params: { id: learner.id },
    body: { kind: 'one_to_one', note: 'Talked through the next step' },
  }),
};
