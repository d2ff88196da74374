import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import { importRoster } from '../../src/features/cohort-csv/roster-import.service.ts';
import { enqueue } from '../../src/jobs/queue.ts';
import { createEvent } from '../calendar-factories.ts';
import { addCohortCourse, createCohort, createCourse, createLearner } from '../factories.ts';
import { unique } from './unique.ts';
import type { RequestBuilder, World } from './world.ts';

async function cohortInfo({ db, cohort }: World) {
  return db
    .insertInto('cohort_info')
    .values({ cohort_id: cohort.id, zoom_url: 'https://zoom.us/j/1' })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A saved group-project team of the cohort with a repository, ready for ticket migration. */
async function teamWithRepository({ db, cohort, learner, course }: World) {
  const project = course.books[1]!.projects[0]!;
  await db
    .updateTable('projects')
    .set({ is_group_project: true, client_template_url: 'https://github.com/tpl/client' })
    .where('id', '=', project.id)
    .execute();
  const team = await db
    .insertInto('teams')
    .values({
      cohort_id: cohort.id,
      group_name: 'Team 1',
      sprint_team: true,
      group_project_id: project.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('team_members').values({ team_id: team.id, person_id: learner.id }).execute();
  await db
    .insertInto('group_project_repositories')
    .values({ team_id: team.id, project_id: project.id, repository: 'https://github.com/dc/t1' })
    .execute();
  return team;
}

const ofCohort = ({ cohort }: World) => ({ params: { id: cohort.id } });

/** A job of the world's cohort: the learner's self-assessment repository, one step failed. */
async function failedJob({ db, cohort, learner }: World) {
  const id = await enqueue(db, {
    kind: 'self-assessment',
    cohortId: cohort.id,
    learnerId: learner.id,
    createdBy: learner.id,
    steps: [
      { kind: 'team-channel', phase: 'Creating Slack channels', label: 'x', input: { teamId: 0 } },
    ],
  });
  await db
    .updateTable('job_steps')
    .set({ status: 'failed', error: 'name_taken', attempts: 1 })
    .where('job_id', '=', id)
    .execute();
  await db.updateTable('jobs').set({ status: 'failed' }).where('id', '=', id).execute();
  return { params: { id } };
}

/** Cohorts, their links, calendar and teams. */
export const cohortRequests: Record<string, RequestBuilder> = {
  'GET /cohorts': () => ({}),
  'GET /cohorts/:id': ofCohort,
  'POST /cohorts/:id/live/ticket': ofCohort,
  // The stream ends at once in these suites (route-requests/context.ts: streamMaxMs 0).
  'GET /cohorts/:id/live': ofCohort,
  'GET /cohorts/:id/health': ofCohort,
  'GET /cohorts/:id/health/progress': ofCohort,
  'GET /cohorts/:id/digest': ofCohort,
  // The route context's Slack is a local fake (context.ts); the digest's job posts to the
  // cohort's instructor channel (world.ts).
  'POST /cohorts/:id/digest/send': ofCohort,
  'GET /cohorts/:id/progress.csv': ofCohort,
  'POST /cohorts/:id/roster/:importId/undo': async ({ ctx, cohort, coach }) => {
    const applied = await importRoster(
      ctx.app,
      coach.id,
      cohort.id,
      Buffer.from(
        `First name,Last name,GitHub login,Email\nNew,Learner,${unique('roster-learner-')},new@example.com\n`,
      ),
      false,
    );
    return { params: { id: cohort.id, importId: applied.import_id ?? 0 } };
  },
  'POST /cohorts/:id/roster': ({ cohort }) => ({
    params: { id: cohort.id },
    rawBody: `First name,Last name,GitHub login,Email\nNew,Learner,${unique('roster-learner-')},new@example.com\n`,
    headers: { 'content-type': 'text/csv' },
  }),
  'POST /cohorts': async ({ db, course }) => ({
    body: {
      name: unique('Day Cohort '),
      startDate: '2026-09-01',
      endDate: '2027-03-01',
      orgURL: 'https://github.com/day-cohort',
      slackChannel: 'day-cohort',
      clientSide: course.id,
      serverSide: (await createCourse(db, { books: 1, projectsPerBook: 1 })).id,
    },
  }),
  'PUT /cohorts/:id': ({ cohort }) => ({ params: { id: cohort.id }, body: { name: unique('C ') } }),
  // A cohort of its own, with no learner ever: the world's has learners, and keeps them.
  'DELETE /cohorts/:id': async ({ db }) => ({
    params: { id: (await createCohort(db, { name: unique('Empty Cohort ') })).id },
  }),
  'PUT /cohorts/:id/active': ({ cohort }) => ({
    params: { id: cohort.id },
    body: { active: false },
  }),
  'PUT /cohorts/:id/migrate': async ({ db, cohort }) => {
    const server = await createCourse(db, { books: 1, projectsPerBook: 1 });
    await addCohortCourse(db, cohort.id, server.id, 1, false);
    return { params: { id: cohort.id } };
  },
  'DELETE /cohorts/:id/migrate': async ({ ctx, db, cohort, coach }) => {
    const server = await createCourse(db, { books: 1, projectsPerBook: 1 });
    await addCohortCourse(db, cohort.id, server.id, 1, false);
    const migrated = await ctx.request({
      method: 'PUT',
      url: `/api/cohorts/${cohort.id}/migrate`,
      token: coach.token,
    });
    if (migrated.statusCode !== 204) throw new Error(`Not migrated: ${migrated.body}`);
    return { params: { id: cohort.id } };
  },
  'POST /cohorts/:id/assign': async ({ db, cohort }) => ({
    params: { id: cohort.id },
    body: { person_id: (await createLearner(db)).id },
  }),
  'DELETE /cohorts/:id/assign': ({ cohort, learner }) => ({
    params: { id: cohort.id },
    body: { student_id: learner.id },
  }),
  'POST /cohorts/:id/invitation': ofCohort,

  'GET /cohortinfo/:id': async (world) => ({ params: { id: (await cohortInfo(world)).id } }),
  'POST /cohortinfo': ({ cohort }) => ({
    body: { cohort: cohort.id, zoom_url: 'https://zoom.us/j/2' },
  }),
  'PUT /cohortinfo/:id': async (world) => ({
    params: { id: (await cohortInfo(world)).id },
    body: { zoom_url: 'https://zoom.us/j/3' },
  }),

  'GET /eventtypes': () => ({}),
  'GET /events': ({ cohort }) => ({ query: { cohort: cohort.id } }),
  'POST /events': ({ cohort }) => ({
    body: { cohort: cohort.id, name: 'Standup', type: 1, date: '2026-10-01', time: '09:00' },
  }),
  'DELETE /events/:id': async ({ db, cohort }) => ({
    params: { id: (await createEvent(db, cohort.id)).id },
  }),
  'GET /cohorts/:id/calendar.ics': ({ cohort }) => ({
    params: { id: cohort.id },
    query: { secret: cohort.calendar_secret },
  }),
  'POST /cohorts/:id/calendar': ofCohort,

  'GET /teams': ({ cohort }) => ({ query: { cohort: cohort.id } }),
  'POST /teams': ({ cohort, learner }) => ({
    body: {
      cohort: cohort.id,
      students: [learner.id],
      weeklyPrefix: 'wk',
      teamIndex: 1,
      groupProject: null,
    },
  }),
  'POST /teams/batch': ({ cohort, learner }) => ({
    body: {
      cohort: cohort.id,
      weeklyPrefix: 'wk',
      groupProject: null,
      teams: [{ teamIndex: 1, students: [learner.id] }],
    },
  }),
  'DELETE /teams/reset': ({ cohort }) => ({ query: { cohort: cohort.id } }),
  'POST /teams/history/:id/undo': async ({ ctx, cohort, learner, coach }) => {
    const saved = await ctx.request({
      method: 'POST',
      url: '/api/teams/batch',
      token: coach.token,
      payload: {
        cohort: cohort.id,
        weeklyPrefix: 'wk',
        groupProject: null,
        teams: [{ teamIndex: 1, students: [learner.id] }],
      },
    });
    return { params: { id: Number(saved.headers[HISTORY_ID_HEADER]) } };
  },
  'POST /teams/:id/migrate': async (world) => ({
    params: { id: (await teamWithRepository(world)).id },
  }),
  'GET /jobs': ({ cohort }) => ({ query: { cohort: cohort.id } }),
  'GET /jobs/integrations': () => ({}),
  'GET /jobs/:id': failedJob,
  'POST /jobs/:id/retry': async (world) => ({ ...(await failedJob(world)), body: {} }),
};
