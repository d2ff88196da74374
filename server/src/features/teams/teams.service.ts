import type {
  CreatedTeam,
  CreateTeamBody,
  CreateTeamsBatchBody,
  TeamsBatchResponse,
  TicketMigrationResponse,
} from '@lp/contract/teams';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { GithubClient, repositoryFromUrl } from '../../integrations/github.ts';
import { enqueue } from '../../jobs/queue.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-errors.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { findCohort, lockCohort } from '../cohorts/index.ts';
import { planTeamRepositories, ticketStep } from './teams.github.ts';
import { recordTeamsChange } from './teams.history.ts';
import { teamsMessage, ticketsRefusal } from './teams.messages.ts';
import { mayJoinCohortTeam } from './teams.policy.ts';
import * as repo from './teams.repository.ts';
import { planArchives, planTeamChannels } from './teams.slack.ts';
import { teamName, teamsOf } from './teams.views.ts';

export async function listTeams(app: FastifyInstance, cohortId: number) {
  if (!(await findCohort(app.db, cohortId))) throw notFound('Cohort');
  return teamsOf(app.db, await repo.cohortTeams(app.db, cohortId));
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
  const cohort = await lockCohort(trx, input.cohort);
  if (!cohort) throw notFound('Cohort');
  if (input.groupProject !== null) {
    const project = await repo.findProject(trx, input.groupProject);
    if (!project?.is_group_project || !project.active)
      throw badRequest('body.groupProject must be an active group project');
  }
  // The teams as they were, for the undo of this save (teams.history.ts).
  const before = await repo.teamsSnapshot(trx, cohort.id);
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
      if (!mayJoinCohortTeam(id, learners, coaches))
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
    before,
  };
}

/**
 * Queues, in the transaction that saved the teams, the job that makes their Slack channels,
 * then their group project repositories and tickets (a repository's message goes to the team's
 * new channel); the answer says what will not be made, and the job's id.
 */
async function queueTeamJob(
  app: FastifyInstance,
  trx: Transaction<Database>,
  caller: SignedInPerson,
  saved: Awaited<ReturnType<typeof insertTeams>>,
  groupProject: number | null,
  opening: string[] = [],
) {
  const channels = planTeamChannels(app, saved.teams, saved.prefix, saved.cohortName);
  const repositories = await planTeamRepositories(
    app,
    trx,
    saved.teams,
    groupProject,
    saved.cohortId,
  );
  const steps = [...channels.steps, ...repositories.steps];
  const jobId =
    steps.length === 0
      ? null
      : await enqueue(trx, {
          kind: 'team-save',
          cohortId: saved.cohortId,
          createdBy: caller.id,
          steps,
        });
  const message = teamsMessage(opening, channels.notes, repositories.skipped, jobId !== null);
  return { teams: saved.teams, message, job_id: jobId };
}

export async function createTeam(
  app: FastifyInstance,
  caller: SignedInPerson,
  body: CreateTeamBody,
): Promise<{ team: CreatedTeam; historyId: number }> {
  const saved = await app.db.transaction().execute(async (trx) => {
    const inserted = await insertTeams(
      trx,
      caller,
      { ...body, teams: [{ teamIndex: body.teamIndex, students: body.students }] },
      () => 'body.students',
      () => 'body.teamIndex',
    );
    const historyId = await recordTeamsChange(
      trx,
      caller.id,
      inserted.cohortId,
      'save',
      inserted.before,
    );
    return { ...(await queueTeamJob(app, trx, caller, inserted, body.groupProject)), historyId };
  });
  const [team] = saved.teams;
  if (!team) throw new HttpError(500, 'The team was not saved');
  return {
    team: { ...team, message: saved.message, job_id: saved.job_id },
    historyId: saved.historyId,
  };
}

export async function createTeams(
  app: FastifyInstance,
  caller: SignedInPerson,
  body: CreateTeamsBatchBody,
): Promise<{ saved: TeamsBatchResponse; historyId: number }> {
  return app.db.transaction().execute(async (trx) => {
    const inserted = await insertTeams(
      trx,
      caller,
      body,
      (i) => `body.teams/${i}/students`,
      (i) => `body.teams/${i}/teamIndex`,
    );
    const historyId = await recordTeamsChange(
      trx,
      caller.id,
      inserted.cohortId,
      'save',
      inserted.before,
    );
    const saved = await queueTeamJob(app, trx, caller, inserted, body.groupProject, [
      'Teams saved.',
    ]);
    return { saved, historyId };
  });
}

/** Deletes the cohort's teams; answers the id of the change's history entry (its undo). */
export async function resetTeams(app: FastifyInstance, caller: SignedInPerson, cohortId: number) {
  return app.db.transaction().execute(async (trx) => {
    const cohort = await lockCohort(trx, cohortId);
    if (!cohort) throw notFound('Cohort');
    const snapshot = await repo.teamsSnapshot(trx, cohort.id);
    const before = await teamsOf(trx, await repo.cohortTeams(trx, cohort.id));
    await repo.deleteCohortTeams(trx, cohort.id);
    const historyId = await recordTeamsChange(trx, caller.id, cohort.id, 'delete', snapshot);
    const steps = planArchives(app, before);
    if (steps.length > 0)
      await enqueue(trx, { kind: 'team-reset', cohortId: cohort.id, createdBy: caller.id, steps });
    return historyId;
  });
}

/**
 * Ticket migration copies the group project's tickets (the open issues of its client template)
 * into the team's repositories, when GitHub is configured, in a job; the answer names it.
 */
export async function migrateTickets(
  app: FastifyInstance,
  caller: SignedInPerson,
  teamId: number,
): Promise<TicketMigrationResponse> {
  return app.db.transaction().execute(async (trx) => {
    const team = await repo.findTeam(trx, teamId);
    if (!team) throw notFound('Team');
    const repos = await repo.repositories(trx, [team.id]);
    const first = repos[0];
    if (!team.sprint_team || !first)
      throw conflict('This team does not have any repositories for ticket migration');
    if (!new GithubClient(app.config.github).apiConfigured)
      throw ticketsRefusal('github-not-configured');
    const project = await repo.findProject(trx, first.project_id);
    const source = repositoryFromUrl(project?.client_template_url);
    if (!source) throw ticketsRefusal('no-client-template');
    const targets = repos.flatMap((row) => repositoryFromUrl(row.repository) ?? []);
    const jobId = await enqueue(trx, {
      kind: 'ticket-migration',
      cohortId: team.cohort_id,
      createdBy: caller.id,
      steps: targets.map((target) => ticketStep(team.group_name, source, target)),
    });
    await audit(trx, {
      actorId: caller.id,
      action: 'migrate-tickets',
      entity: 'team',
      entityId: team.id,
      after: { job_id: jobId, source, targets },
    });
    return {
      message: `Ticket migration started: the tickets of ${source} are being copied into ${targets.join(', ')}.`,
      job_id: jobId,
    };
  });
}
