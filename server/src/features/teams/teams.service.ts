import type {
  CreatedTeam,
  CreateTeamBody,
  CreateTeamsBatchBody,
  Team,
  TeamsBatchResponse,
} from '@lp/contract/teams';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  GithubClient,
  GithubError,
  organizationFromUrl,
  repositoryFromUrl,
} from '../../integrations/github.ts';
import { SlackClient } from '../../integrations/slack.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-errors.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { teamPolicy } from './teams.policy.ts';
import * as repo from './teams.repository.ts';

export const teamName = (index: number) => `Team ${index}`;

/** The number in 'Team N'; teams named otherwise sort last. */
export const teamIndexOf = (groupName: string) => {
  const match = /^Team (\d+)$/.exec(groupName);
  return match ? Number(match[1]) : 0;
};

async function teamsOf(db: FastifyInstance['db'] | Transaction<Database>, rows: repo.TeamRow[]) {
  const ids = rows.map((row) => row.id);
  const [members, repositories] = await Promise.all([
    repo.learnerMembers(db, ids),
    repo.repositories(db, ids),
  ]);
  const teams: Team[] = rows.map((row) => ({
    id: row.id,
    group_name: row.group_name,
    team_index: teamIndexOf(row.group_name),
    cohort: row.cohort_id,
    sprint_team: row.sprint_team,
    group_project: row.group_project_id,
    slack_channel: row.slack_channel,
    students: members
      .filter((member) => member.team_id === row.id)
      .map((member) => ({ id: member.id, name: member.name ?? member.username })),
    repositories: repositories
      .filter((repository) => repository.team_id === row.id)
      .map((repository) => ({
        id: repository.id,
        project: repository.project_id,
        repository: repository.repository,
      })),
  }));
  return teams.sort(
    (a, b) => (a.team_index || Infinity) - (b.team_index || Infinity) || a.id - b.id,
  );
}

function requireManager(caller: SignedInPerson) {
  if (!teamPolicy.canManage(caller)) throw forbidden();
}

export async function listTeams(app: FastifyInstance, caller: SignedInPerson, cohortId: number) {
  requireManager(caller);
  if (!(await repo.findCohort(app.db, cohortId))) throw notFound('Cohort');
  return teamsOf(app.db, await repo.cohortTeams(app.db, cohortId));
}

/** Slack channel name: `{prefix}-{last word of the cohort name}-{6 random letters}`. */
export function channelName(prefix: string, cohortName: string, random = Math.random) {
  const last = cohortName.trim().split(/\s+/).at(-1) ?? '';
  const suffix = Array.from({ length: 6 }, () =>
    String.fromCharCode(97 + Math.floor(random() * 26)),
  ).join('');
  const clean = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '');
  return [clean(prefix), clean(last), suffix].filter(Boolean).join('-').slice(-80);
}

/**
 * Creates one Slack channel per new team and invites its members, when Slack is configured.
 * The teams are already saved; a Slack refusal leaves them without a channel and says so.
 */
async function connectSlack(
  app: FastifyInstance,
  caller: SignedInPerson,
  teams: Team[],
  prefix: string,
  cohortName: string,
): Promise<string> {
  const slack = new SlackClient(app.config.slack);
  if (!slack.configured) return 'Slack is not configured, so no Slack channel was created.';
  const created: string[] = [];
  const problems: string[] = [];
  for (const team of teams) {
    const name = channelName(prefix, cohortName);
    try {
      const channel = await slack.createChannel(name);
      await app.db.transaction().execute(async (trx) => {
        await repo.setSlackChannel(trx, team.id, channel);
        await audit(trx, {
          actorId: caller.id,
          action: 'update',
          entity: 'team',
          entityId: team.id,
          before: { slack_channel: team.slack_channel },
          after: { slack_channel: channel, slack_channel_name: name },
        });
      });
      team.slack_channel = channel;
      const handles = await repo.slackHandles(app.db, await repo.allMemberIds(app.db, team.id));
      if (handles.length > 0 && !(await slack.inviteToChannel(channel, handles)))
        problems.push(`Slack did not add the members of ${team.group_name} to #${name}.`);
      created.push(`#${name}`);
    } catch (error) {
      problems.push(
        `Slack did not create a channel for ${team.group_name} (${(error as Error).message}).`,
      );
    }
  }
  const done = created.length > 0 ? [`Slack channels created: ${created.join(', ')}.`] : [];
  return [...done, ...problems].join(' ');
}

const randomLetters = (count: number, random = Math.random) =>
  Array.from({ length: count }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('');

/**
 * For a group project, when GitHub is configured: per team a client repository (and an API
 * repository when the project has an API template) made from the project's templates in the
 * cohort's organisation, write access for the members, a repository row and a Slack message.
 * Anything GitHub refuses is said in the answer; nothing is pretended.
 */
async function createRepositories(
  app: FastifyInstance,
  caller: SignedInPerson,
  teams: Team[],
  projectId: number | null,
  cohortId: number,
): Promise<string> {
  if (projectId === null) return '';
  const github = new GithubClient(app.config.github);
  if (!github.apiConfigured)
    return ' GitHub is not configured, so no group project repository was created.';
  const project = await repo.findProject(app.db, projectId);
  if (!project) return ' No repository was created: the group project no longer exists.';
  const org = organizationFromUrl(await repo.organizationUrl(app.db, cohortId));
  if (!org)
    return " No repository was created: the cohort's info has no student GitHub organisation URL.";
  const clientTemplate = repositoryFromUrl(project.client_template_url);
  if (!clientTemplate)
    return ' No repository was created: the group project has no client template repository.';
  const apiTemplate = repositoryFromUrl(project.api_template_url);
  const kinds = [
    { kind: 'client', label: 'client-side', template: clientTemplate },
    ...(apiTemplate ? [{ kind: 'api', label: 'API', template: apiTemplate }] : []),
  ];
  const slack = new SlackClient(app.config.slack);
  const created: string[] = [];
  const problems: string[] = [];
  let copiedTickets = 0;
  for (const team of teams) {
    const suffix = randomLetters(6);
    const logins = await repo.githubLogins(app.db, await repo.allMemberIds(app.db, team.id));
    for (const { kind, label, template } of kinds) {
      const name = `${project.name.trim().replace(/\s+/g, '-')}-${kind}-${suffix}`;
      try {
        await github.generateFromTemplate(template, {
          owner: org,
          name,
          description: `This is your ${label} repository for the ${project.name} sprint(s).`,
        });
      } catch (error) {
        const reason = error instanceof GithubError ? error.message : 'GitHub did not answer';
        problems.push(`No ${label} repository for ${team.group_name}: ${reason}.`);
        continue;
      }
      let refused = 0;
      for (const login of logins) {
        try {
          await github.addCollaborator(org, name, login);
        } catch {
          refused += 1;
        }
      }
      if (refused > 0)
        problems.push(
          `${refused} member(s) of ${team.group_name} have no access to ${org}/${name}.`,
        );
      const url = `https://github.com/${org}/${name}`;
      const row = await app.db.transaction().execute(async (trx) => {
        const inserted = await repo.insertRepository(trx, {
          team_id: team.id,
          project_id: project.id,
          repository: url,
        });
        await audit(trx, {
          actorId: caller.id,
          action: 'create',
          entity: 'group_project_repository',
          entityId: inserted.id,
          after: inserted,
        });
        return inserted;
      });
      team.repositories.push({ id: row.id, project: project.id, repository: url });
      created.push(url);
      if (kind === 'client') {
        try {
          copiedTickets += await copyTickets(github, clientTemplate, [`${org}/${name}`]);
        } catch (error) {
          const reason = error instanceof GithubError ? error.message : 'GitHub did not answer';
          problems.push(`Tickets were not copied into ${org}/${name}: ${reason}.`);
        }
      }
      if (team.slack_channel)
        await slack
          .postMessage(
            team.slack_channel,
            `🐙 Your ${kind === 'api' ? 'API' : 'client'} repository has been created. Visit the URL below and clone the project to your machine.\n\n${url}`,
          )
          .catch(() => false);
    }
  }
  const done = created.length > 0 ? [` Repositories created: ${created.join(', ')}.`] : [];
  const tickets = created.length > 0 ? [` ${copiedTickets} ticket(s) copied.`] : [];
  return [...done, ...problems.map((p) => ` ${p}`), ...tickets].join('');
}

interface TeamPlan {
  teamIndex: number;
  students: number[];
}

/**
 * Checks and inserts teams for one cohort inside the caller's transaction. `field` names the
 * request field for messages ('body.students' or 'body.teams').
 */
async function insertTeams(
  trx: Transaction<Database>,
  caller: SignedInPerson,
  input: { cohort: number; weeklyPrefix: string; groupProject: number | null; teams: TeamPlan[] },
  field: (index: number) => string,
  indexField: (index: number) => string,
) {
  const prefix = input.weeklyPrefix.trim().toLowerCase();
  if (!prefix) throw badRequest('body.weeklyPrefix must not be blank');
  const cohort = await repo.lockCohort(trx, input.cohort);
  if (!cohort) throw notFound('Cohort');
  if (input.groupProject !== null) {
    const project = await repo.findProject(trx, input.groupProject);
    if (!project?.is_group_project || !project.active)
      throw badRequest('body.groupProject must be an active group project');
  }
  const learners = new Set(await repo.currentLearnerIds(trx, cohort.id));
  const coaches = new Set(await repo.coachIds(trx, cohort.id));
  const existing = await teamsOf(trx, await repo.cohortTeams(trx, cohort.id));
  const takenIndexes = new Set(existing.map((team) => team.team_index));
  const saved = new Map<number, number>();
  for (const team of existing) for (const s of team.students) saved.set(s.id, team.team_index);
  const requested = new Map<number, number>();
  input.teams.forEach((team, position) => {
    if (takenIndexes.has(team.teamIndex))
      throw conflict(`${teamName(team.teamIndex)} already exists in this cohort`);
    if (input.teams.findIndex((other) => other.teamIndex === team.teamIndex) !== position)
      throw badRequest(`${indexField(position)} repeats ${teamName(team.teamIndex)}`);
    if (!team.students.some((id) => learners.has(id)))
      throw badRequest(`${field(position)} must include at least one learner of the cohort`);
    for (const id of team.students) {
      if (!teamPolicy.belongsToCohort(id, learners, coaches))
        throw badRequest(`${field(position)}: person ${id} does not belong to this cohort`);
      if (!learners.has(id)) continue;
      const savedIn = saved.get(id);
      if (savedIn !== undefined)
        throw conflict(`Learner ${id} is already in ${teamName(savedIn)} of this cohort`);
      const requestedIn = requested.get(id);
      if (requestedIn !== undefined && requestedIn !== team.teamIndex)
        throw badRequest(`${field(position)}: learner ${id} is also in ${teamName(requestedIn)}`);
      requested.set(id, team.teamIndex);
    }
  });
  const ids: number[] = [];
  for (const team of input.teams) {
    const values = {
      cohort_id: cohort.id,
      group_name: teamName(team.teamIndex),
      sprint_team: input.groupProject !== null,
      group_project_id: input.groupProject,
    };
    const { id } = await repo.insertTeam(trx, values);
    const members = [...new Set(team.students)];
    await repo.insertMembers(trx, id, members);
    await audit(trx, {
      actorId: caller.id,
      action: 'create',
      entity: 'team',
      entityId: id,
      after: { id, ...values, weekly_prefix: prefix, members },
    });
    ids.push(id);
  }
  const created = await teamsOf(trx, await repo.cohortTeams(trx, cohort.id));
  return {
    teams: created.filter((team) => ids.includes(team.id)),
    prefix,
    cohortName: cohort.name,
    cohortId: cohort.id,
  };
}

export async function createTeam(
  app: FastifyInstance,
  caller: SignedInPerson,
  body: CreateTeamBody,
): Promise<CreatedTeam> {
  requireManager(caller);
  const saved = await app.db.transaction().execute((trx) =>
    insertTeams(
      trx,
      caller,
      { ...body, teams: [{ teamIndex: body.teamIndex, students: body.students }] },
      () => 'body.students',
      () => 'body.teamIndex',
    ),
  );
  const [team] = saved.teams;
  if (!team) throw new HttpError(500, 'The team was not saved');
  const slack = await connectSlack(app, caller, saved.teams, saved.prefix, saved.cohortName);
  const repos = await createRepositories(app, caller, saved.teams, body.groupProject, body.cohort);
  return { ...team, message: `${slack}${repos}` };
}

export async function createTeams(
  app: FastifyInstance,
  caller: SignedInPerson,
  body: CreateTeamsBatchBody,
): Promise<TeamsBatchResponse> {
  requireManager(caller);
  const saved = await app.db.transaction().execute((trx) =>
    insertTeams(
      trx,
      caller,
      body,
      (i) => `body.teams/${i}/students`,
      (i) => `body.teams/${i}/teamIndex`,
    ),
  );
  const slack = await connectSlack(app, caller, saved.teams, saved.prefix, saved.cohortName);
  const repos = await createRepositories(app, caller, saved.teams, body.groupProject, body.cohort);
  return {
    teams: saved.teams,
    message: `Teams saved. ${slack}${repos}`,
  };
}

export async function resetTeams(app: FastifyInstance, caller: SignedInPerson, cohortId: number) {
  requireManager(caller);
  const deleted = await app.db.transaction().execute(async (trx) => {
    const cohort = await repo.lockCohort(trx, cohortId);
    if (!cohort) throw notFound('Cohort');
    const before = await teamsOf(trx, await repo.cohortTeams(trx, cohort.id));
    await repo.deleteCohortTeams(trx, cohort.id);
    await audit(trx, {
      actorId: caller.id,
      action: 'delete',
      entity: 'teams',
      entityId: cohort.id,
      before,
    });
    return before;
  });
  // The channels of deleted teams are archived when Slack is configured; refusals are logged.
  const slack = new SlackClient(app.config.slack);
  if (!slack.configured) return;
  for (const team of deleted) {
    const archived = await slack.archiveChannel(team.slack_channel).catch(() => false);
    if (team.slack_channel && !archived)
      app.log.warn({ channel: team.slack_channel }, 'Slack did not archive a team channel');
  }
}

/** Copies the open issues of `source` into each target that has no issue of that title yet. */
async function copyTickets(github: GithubClient, source: string, targets: string[]) {
  const tickets = await github.openIssues(source);
  let copied = 0;
  for (const target of targets) {
    const present = new Set((await github.openIssues(target)).map((issue) => issue.title));
    for (const ticket of tickets) {
      if (present.has(ticket.title)) continue;
      await github.createIssue(target, ticket);
      copied += 1;
    }
  }
  return copied;
}

/** 'owner/name' of https://github.com/owner/name. */
const repositoryPath = (url: string) => repositoryFromUrl(url);

/**
 * Ticket migration copies the group project's tickets (the open issues of its client template)
 * into the team's repositories, when GitHub is configured. Otherwise it answers why.
 */
export async function migrateTickets(app: FastifyInstance, caller: SignedInPerson, teamId: number) {
  requireManager(caller);
  const team = await repo.findTeam(app.db, teamId);
  if (!team) throw notFound('Team');
  const repos = await repo.repositories(app.db, [team.id]);
  const first = repos[0];
  if (!team.sprint_team || !first)
    throw conflict('This team does not have any repositories for ticket migration');
  const github = new GithubClient(app.config.github);
  if (!github.apiConfigured)
    throw new HttpError(503, 'GitHub is not configured, so tickets cannot be migrated');
  const project = await repo.findProject(app.db, first.project_id);
  const source = repositoryFromUrl(project?.client_template_url);
  if (!source)
    throw conflict('The group project has no client template repository to copy tickets from');
  const targets = repos.map((r) => repositoryPath(r.repository)).filter((t): t is string => !!t);
  try {
    const copied = await copyTickets(github, source, targets);
    return {
      message: `Ticket migration initiated successfully: ${copied} ticket(s) copied into ${targets.join(', ')}`,
    };
  } catch (error) {
    const reason = error instanceof GithubError ? error.message : 'GitHub did not answer';
    throw new HttpError(502, `Failed to migrate tickets: ${reason}`);
  }
}
