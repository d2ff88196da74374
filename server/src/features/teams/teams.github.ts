// The teams' GitHub work, as steps of a job (server/src/jobs): repositories made from a group
// project's templates, and the project's tickets copied into them.
import type { Team } from '@lp/contract/teams';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  GithubClient,
  GithubError,
  organizationFromUrl,
  repositoryFromUrl,
  repositoryName,
} from '../../integrations/github.ts';
import { defineStep, type PlannedStep, type StepContext, StepFailure } from '../../jobs/steps.ts';
import { audit } from '../../lib/audit.ts';
import { linkCreatedRepository } from '../github/index.ts';
import * as repo from './teams.repository.ts';
import { announcementStep } from './teams.slack.ts';

export const REPOSITORIES_PHASE = 'Creating repositories';
export const TICKETS_PHASE = 'Copying tickets';

/** Why no repository is made for the new teams. */
export type SkippedRepositories =
  | 'no-group-project'
  | 'github-not-configured'
  | 'project-gone'
  | 'no-organisation'
  | 'no-client-template';

const randomLetters = (count: number, random = Math.random) =>
  Array.from({ length: count }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('');

interface RepositoryInput {
  teamId: number;
  projectId: number;
  kind: 'client' | 'api';
  template: string;
  owner: string;
  /** Chosen when the job is planned, so every attempt makes (or finds) the same repository. */
  name: string;
  description: string;
}

interface TicketsInput {
  /** 'owner/name' of the template whose open issues are copied, and of the repository. */
  source: string;
  target: string;
}

const client = (app: FastifyInstance) => new GithubClient(app.config.github, { maxWaitMs: 0 });

/**
 * For a group project, when GitHub is configured: per team a client repository (and an API
 * repository when the project has an API template) made from the project's templates in the
 * cohort's organisation, then the project's tickets copied into each client repository and each
 * repository announced in the team's channel (once that is made too).
 */
export async function planTeamRepositories(
  app: FastifyInstance,
  trx: Transaction<Database>,
  teams: Team[],
  projectId: number | null,
  cohortId: number,
): Promise<{ steps: PlannedStep[]; skipped: SkippedRepositories | null }> {
  const skip = (skipped: SkippedRepositories) => ({ steps: [], skipped });
  if (projectId === null) return skip('no-group-project');
  if (!client(app).apiConfigured) return skip('github-not-configured');
  const project = await repo.findProject(trx, projectId);
  if (!project) return skip('project-gone');
  const owner = organizationFromUrl(await repo.organizationUrl(trx, cohortId));
  if (!owner) return skip('no-organisation');
  const clientTemplate = repositoryFromUrl(project.client_template_url);
  if (!clientTemplate) return skip('no-client-template');
  const apiTemplate = repositoryFromUrl(project.api_template_url);
  const kinds = [
    { kind: 'client' as const, label: 'client-side', template: clientTemplate },
    ...(apiTemplate ? [{ kind: 'api' as const, label: 'API', template: apiTemplate }] : []),
  ];
  const repositories: PlannedStep[] = [];
  const tickets: PlannedStep[] = [];
  const announcements: PlannedStep[] = [];
  for (const team of teams) {
    const suffix = randomLetters(6);
    for (const { kind, label, template } of kinds) {
      const name = repositoryName(project.name, kind, suffix);
      const input: RepositoryInput = {
        teamId: team.id,
        projectId: project.id,
        kind,
        template,
        owner,
        name,
        description: `This is your ${label} repository for the ${project.name} sprint(s).`,
      };
      const key = `repository:${team.id}:${kind}`;
      repositories.push({
        kind: teamRepositoryStep.kind,
        phase: REPOSITORIES_PHASE,
        label: `${team.group_name} ${label} repository`,
        key,
        input: { ...input },
      });
      if (kind === 'client')
        tickets.push(ticketStep(team.group_name, clientTemplate, `${owner}/${name}`, [key]));
      const url = `https://github.com/${owner}/${name}`;
      announcements.push(...announcementStep(app, team, { kind, label, url }, [key]));
    }
  }
  return { steps: [...repositories, ...tickets, ...announcements], skipped: null };
}

/** A step copying the tickets of `source` into `target` ('owner/name'), after `after`. */
export const ticketStep = (
  team: string,
  source: string,
  target: string,
  after: string[] = [],
): PlannedStep => ({
  kind: teamTicketsStep.kind,
  phase: TICKETS_PHASE,
  label: `${team} tickets into ${target}`,
  after,
  input: { source, target } satisfies TicketsInput,
});

/**
 * One repository of a team, made once: a repository already recorded on the team is not asked
 * for again, and a later attempt first asks GitHub whether an earlier one made it. Members get
 * write access (a refusal is noted, not retried) and the repository is recorded on the team once
 * (its unique key), while this process still holds the step.
 */
export const teamRepositoryStep = defineStep<RepositoryInput>({
  kind: 'team-repository',
  async run(input, { app, actorId, repeated, transaction }) {
    const github = client(app);
    const path = `${input.owner}/${input.name}`;
    const url = `https://github.com/${path}`;
    const team = await repo.findTeam(app.db, input.teamId);
    if (!team) throw new StepFailure('The team no longer exists');
    const recorded = (await repo.repositories(app.db, [team.id])).some(
      (row) => row.repository === url,
    );
    if (!recorded) {
      const exists = repeated && (await github.repositoryExists(path));
      if (!exists)
        await github.generateFromTemplate(input.template, {
          owner: input.owner,
          name: input.name,
          description: input.description,
        });
    }
    const logins = await repo.githubLogins(app.db, await repo.allMemberIds(app.db, team.id));
    let refused = 0;
    for (const login of logins) {
      try {
        await github.addCollaborator(input.owner, input.name, login);
      } catch (error) {
        if (error instanceof GithubError && error.transient) throw error;
        refused += 1;
      }
    }
    if (!recorded) await recordRepository(transaction, actorId, team.id, input.projectId, url);
    // Each member's for the group project (staff members get no link); safe to repeat.
    await transaction(async (trx) =>
      linkCreatedRepository(
        trx,
        { fullName: path, url },
        await repo.allMemberIds(trx, team.id),
        input.projectId,
        'team',
        actorId,
      ),
    );
    const summary = refused > 0 ? `${path} (${refused} member(s) without access)` : path;
    return { summary, url };
  },
});

async function recordRepository(
  transaction: StepContext['transaction'],
  actorId: number | null,
  teamId: number,
  projectId: number,
  url: string,
) {
  await transaction(async (trx) => {
    const inserted = await repo.insertRepository(trx, {
      team_id: teamId,
      project_id: projectId,
      repository: url,
    });
    if (!inserted) return;
    await audit(trx, {
      actorId,
      action: 'create',
      entity: 'group_project_repository',
      entityId: inserted.id,
      after: inserted,
    });
  });
}

/** Copies the open issues of the source into the target, skipping titles it already has. */
export const teamTicketsStep = defineStep<TicketsInput>({
  kind: 'team-tickets',
  async run({ source, target }, { app }) {
    const github = client(app);
    const tickets = await github.openIssues(source);
    const present = new Set((await github.openIssues(target)).map((issue) => issue.title));
    let copied = 0;
    for (const ticket of tickets) {
      if (present.has(ticket.title)) continue;
      await github.createIssue(target, ticket);
      present.add(ticket.title);
      copied += 1;
    }
    return { summary: `${copied} ticket(s) copied`, copied };
  },
});
