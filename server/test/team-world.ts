import type { Team } from '@lp/contract/teams';
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
import type { FakeSlack } from './fake-slack.ts';

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

/**
 * Every outside effect of saving `teams` (as GET /teams lists them) into `org`, and the
 * repositories recorded on them. A request sent twice is no second effect where the other side
 * refuses or repeats it as one (a name taken, a collaborator added again, a member invited to a
 * channel they are in): what is counted is what GitHub and Slack hold.
 */
export function teamEffects(
  fakes: { github: FakeGithub; slack: FakeSlack },
  teams: Team[],
  org: string,
) {
  const { github, slack } = fakes;
  const channels = new Set(teams.map((team) => team.slack_channel));
  const repositories = repositoriesIn(github, org);
  const collaborators = github.requests.filter(
    (r) => r.method === 'PUT' && r.path.startsWith(`/repos/${org}/`),
  );
  return {
    channels: slack.channels.filter((channel) => channels.has(channel.id)).length,
    invites: new Set(
      slack.invites
        .filter((invite) => channels.has(invite.channel))
        .map((invite) => `${invite.channel} ${invite.users}`),
    ).size,
    messages: slack.messages.filter((message) => channels.has(message.channel)).length,
    repositories: repositories.length,
    collaborators: new Set(collaborators.map((r) => r.path)).size,
    tickets: repositories.flatMap((repository) => github.issues.get(repository) ?? []).length,
    recorded: teams.flatMap((team) => team.repositories).length,
  };
}
