// The teams' GitHub work: repositories made from a group project's templates, and the project's
// tickets copied into them. Each step answers what happened; the service words the answer.
import type { Team } from '@lp/contract/teams';
import type { FastifyInstance } from 'fastify';
import {
  GithubClient,
  GithubError,
  organizationFromUrl,
  repositoryFromUrl,
} from '../../integrations/github.ts';
import { audit } from '../../lib/audit.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import * as repo from './teams.repository.ts';
import { announceRepository } from './teams.slack.ts';

type RepositoryKind = 'client' | 'api';

/** What happened to one repository of one team. */
export type RepositoryOutcome =
  | {
      kind: 'created';
      team: string;
      url: string;
      /** 'owner/name' */
      path: string;
      /** Members GitHub refused as collaborators. */
      refusedMembers: number;
      /** Why the tickets were not copied into it (client repositories only). */
      ticketsError?: string;
    }
  | { kind: 'failed'; team: string; label: string; error: string };

/** What the GitHub step did for the new teams. */
export type RepositoriesOutcome =
  | {
      kind: 'skipped';
      reason:
        | 'no-group-project'
        | 'github-not-configured'
        | 'project-gone'
        | 'no-organisation'
        | 'no-client-template';
    }
  | { kind: 'done'; repositories: RepositoryOutcome[]; copiedTickets: number };

/** What a ticket migration did. */
export type TicketsOutcome =
  | { kind: 'skipped'; reason: 'github-not-configured' | 'no-client-template' }
  | { kind: 'copied'; copied: number; targets: string[] }
  | { kind: 'failed'; error: string };

const reasonOf = (error: unknown) =>
  error instanceof GithubError ? error.message : 'GitHub did not answer';

const randomLetters = (count: number, random = Math.random) =>
  Array.from({ length: count }, () => String.fromCharCode(97 + Math.floor(random() * 26))).join('');

/**
 * For a group project, when GitHub is configured: per team a client repository (and an API
 * repository when the project has an API template) made from the project's templates in the
 * cohort's organisation, write access for the members, a repository row and a Slack message.
 * Each created repository is added to its team in `teams`, for the answer.
 */
export async function createTeamRepositories(
  app: FastifyInstance,
  caller: SignedInPerson,
  teams: Team[],
  projectId: number | null,
  cohortId: number,
): Promise<RepositoriesOutcome> {
  if (projectId === null) return { kind: 'skipped', reason: 'no-group-project' };
  const github = new GithubClient(app.config.github);
  if (!github.apiConfigured) return { kind: 'skipped', reason: 'github-not-configured' };
  const project = await repo.findProject(app.db, projectId);
  if (!project) return { kind: 'skipped', reason: 'project-gone' };
  const org = organizationFromUrl(await repo.organizationUrl(app.db, cohortId));
  if (!org) return { kind: 'skipped', reason: 'no-organisation' };
  const clientTemplate = repositoryFromUrl(project.client_template_url);
  if (!clientTemplate) return { kind: 'skipped', reason: 'no-client-template' };
  const apiTemplate = repositoryFromUrl(project.api_template_url);
  const kinds: Array<{ kind: RepositoryKind; label: string; template: string }> = [
    { kind: 'client', label: 'client-side', template: clientTemplate },
    ...(apiTemplate ? [{ kind: 'api' as const, label: 'API', template: apiTemplate }] : []),
  ];
  const repositories: RepositoryOutcome[] = [];
  let copiedTickets = 0;
  for (const team of teams) {
    const suffix = randomLetters(6);
    const logins = await repo.githubLogins(app.db, await repo.allMemberIds(app.db, team.id));
    for (const { kind, label, template } of kinds) {
      const name = `${project.name.trim().replace(/\s+/g, '-')}-${kind}-${suffix}`;
      const path = `${org}/${name}`;
      try {
        await github.generateFromTemplate(template, {
          owner: org,
          name,
          description: `This is your ${label} repository for the ${project.name} sprint(s).`,
        });
      } catch (error) {
        repositories.push({ kind: 'failed', team: team.group_name, label, error: reasonOf(error) });
        continue;
      }
      let refusedMembers = 0;
      for (const login of logins) {
        try {
          await github.addCollaborator(org, name, login);
        } catch {
          refusedMembers += 1;
        }
      }
      const url = `https://github.com/${path}`;
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
      const created: RepositoryOutcome = {
        kind: 'created',
        team: team.group_name,
        url,
        path,
        refusedMembers,
      };
      if (kind === 'client') {
        try {
          copiedTickets += await copyTickets(github, clientTemplate, [path]);
        } catch (error) {
          created.ticketsError = reasonOf(error);
        }
      }
      repositories.push(created);
      await announceRepository(app, team.slack_channel, kind, url);
    }
  }
  return { kind: 'done', repositories, copiedTickets };
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

/**
 * Copies a group project's tickets (the open issues of its client template) into the given
 * repositories ('https://github.com/owner/name'), when GitHub is configured.
 */
export async function copyProjectTickets(
  app: FastifyInstance,
  projectId: number,
  repositoryUrls: string[],
): Promise<TicketsOutcome> {
  const github = new GithubClient(app.config.github);
  if (!github.apiConfigured) return { kind: 'skipped', reason: 'github-not-configured' };
  const project = await repo.findProject(app.db, projectId);
  const source = repositoryFromUrl(project?.client_template_url);
  if (!source) return { kind: 'skipped', reason: 'no-client-template' };
  const targets = repositoryUrls
    .map((url) => repositoryFromUrl(url))
    .filter((path): path is string => !!path);
  try {
    return { kind: 'copied', copied: await copyTickets(github, source, targets), targets };
  } catch (error) {
    return { kind: 'failed', error: reasonOf(error) };
  }
}
