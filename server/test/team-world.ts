import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import {
  addCoach,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
} from './factories.ts';
import type { FakeGithub } from './fake-github.ts';

export const TEMPLATE = 'nss/rare-client';
export const TICKETS = ['Set up the project', 'List the posts', 'Write a post'];

/**
 * A cohort ready for a team save with Slack and GitHub: `teams` × `perTeam` learners with Slack
 * and GitHub handles, a coach, a group project whose client template has TICKETS, and the
 * cohort's organisation `org`. `body` is the POST /teams/batch request.
 */
export async function createTeamWorld(
  db: Kysely<Database>,
  options: { teams: number; perTeam: number; org: string },
) {
  const cohort = await createCohort(db);
  const coach = await createStaff(db);
  await addCoach(db, cohort.id, coach.id);
  await db
    .insertInto('cohort_info')
    .values({ cohort_id: cohort.id, student_organization_url: `https://github.com/${options.org}` })
    .execute();
  const course = await createCourse(db, { books: 1, projectsPerBook: 1 });
  const project = course.books[0]?.projects[0];
  if (!project) throw new Error('no project');
  await db
    .updateTable('projects')
    .set({
      name: 'Rare',
      is_group_project: true,
      client_template_url: `https://github.com/${TEMPLATE}`,
    })
    .where('id', '=', project.id)
    .execute();
  const teams = [];
  for (let index = 1; index <= options.teams; index += 1) {
    const students = [];
    for (let i = 0; i < options.perTeam; i += 1) {
      const learner = await createLearner(db);
      await enrol(db, cohort.id, learner.id);
      await db
        .updateTable('people')
        .set({ slack_handle: `U${learner.id}` })
        .where('id', '=', learner.id)
        .execute();
      students.push(learner.id);
    }
    teams.push({ teamIndex: index, students });
  }
  return {
    cohort,
    coach,
    body: { cohort: cohort.id, weeklyPrefix: 'sprint', groupProject: project.id, teams },
  };
}

/** The template's tickets at the fake GitHub. */
export function giveTemplateTickets(github: FakeGithub) {
  github.issues.set(
    TEMPLATE,
    TICKETS.map((title) => ({ title, body: `${title}.`, labels: [] })),
  );
}

/** The repositories the fake GitHub made in `org`. */
export const repositoriesIn = (github: FakeGithub, org: string) =>
  [...github.repositories].filter((path) => path.startsWith(`${org}/`));
