// A learner's repository made from their new project's template, by a job (server/src/jobs)
// queued when the learner is moved to the project: in the cohort's GitHub organisation, named
// `${project name in lower case}-${GitHub login}` (through repositoryName), with the learner as a
// collaborator, linked to them for the project and its recent history read.
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database, RepositorySource } from '../../db/schema.ts';
import {
  GithubClient,
  GithubError,
  organizationFromUrl,
  repositoryFromUrl,
  repositoryName,
} from '../../integrations/github.ts';
import { enqueue } from '../../jobs/queue.ts';
import { defineStep, StepFailure } from '../../jobs/steps.ts';
import { currentAssignmentOf, recordBoardChanges } from '../board/index.ts';
import { currentMembershipOf } from '../cohorts/index.ts';
import { backfillStep } from './backfill.step.ts';
import * as repo from './repositories.repository.ts';

export const TEMPLATE_REPOSITORY_JOB = 'template-repository';

interface TemplateRepositoryInput {
  learnerId: number;
  projectId: number;
  /** 'owner/name' of the project's template. */
  template: string;
  owner: string;
  /** Chosen when the job is queued, so every attempt makes (or finds) the same repository. */
  name: string;
  login: string;
  description: string;
}

/** Only a repository on github.com can be a template GitHub copies. */
const GITHUB_URL = /^https:\/\/github\.com\//i;

/**
 * Queues the learner's repository from the template of the project they were just moved to, in
 * the move's transaction. Nothing (null) when GitHub is not configured, the project has no GitHub
 * template, the learner no GitHub login or their cohort no GitHub organisation: the move stands,
 * and their card shows no repository.
 */
export async function queueTemplateRepository(
  app: FastifyInstance,
  trx: Transaction<Database>,
  move: { learnerId: number; projectId: number; actorId: number | null },
): Promise<number | null> {
  if (!new GithubClient(app.config.github).apiConfigured) return null;
  const project = await trx
    .selectFrom('projects')
    .select(['id', 'name', 'client_template_url'])
    .where('id', '=', move.projectId)
    .executeTakeFirst();
  const templateUrl = project?.client_template_url.trim() ?? '';
  const template = GITHUB_URL.test(templateUrl) ? repositoryFromUrl(templateUrl) : null;
  if (!project || !template) return null;
  const learner = await trx
    .selectFrom('people')
    .select('github_login')
    .where('id', '=', move.learnerId)
    .executeTakeFirst();
  const login = learner?.github_login?.trim();
  if (!login) return null;
  const membership = await currentMembershipOf(trx, move.learnerId);
  if (!membership) return null;
  const info = await trx
    .selectFrom('cohort_info')
    .select('student_organization_url')
    .where('cohort_id', '=', membership.cohort_id)
    .executeTakeFirst();
  const owner = organizationFromUrl(info?.student_organization_url);
  if (!owner) return null;
  const name = repositoryName(project.name.toLowerCase(), login);
  const input: TemplateRepositoryInput = {
    learnerId: move.learnerId,
    projectId: project.id,
    template,
    owner,
    name,
    login,
    description: `This is your repository for the ${project.name} project.`,
  };
  return enqueue(trx, {
    kind: TEMPLATE_REPOSITORY_JOB,
    cohortId: membership.cohort_id,
    learnerId: move.learnerId,
    createdBy: move.actorId,
    steps: [
      {
        kind: templateRepositoryStep.kind,
        phase: 'Creating repositories',
        label: `Repository ${name} from the ${project.name} template`,
        key: 'repository',
        input: { ...input },
      },
      backfillStep({ fullName: `${owner}/${name}` }, ['repository']),
    ],
  });
}

/**
 * Links a repository the product made (a template's, a self-assessment's, a team's) to the
 * learners it is for, in the making step's fenced transaction: each to `projectId`, or with
 * 'current' to the learner's current project. Staff (a team's coach) get no link; a link already
 * there stays as it is, so the call is safe to repeat. Open boards refresh the newly linked cards.
 */
export async function linkCreatedRepository(
  trx: Transaction<Database>,
  repository: { fullName: string; url: string },
  learnerIds: readonly number[],
  projectId: number | 'current',
  source: RepositorySource,
  actorId: number | null,
) {
  const stored = await repo.ensureRepository(trx, repository);
  if (learnerIds.length === 0) return stored;
  const learners = await trx
    .selectFrom('people')
    .select('id')
    .where('id', 'in', [...learnerIds])
    .where('is_staff', '=', false)
    .execute();
  const linked: number[] = [];
  for (const { id } of learners) {
    const project =
      projectId === 'current'
        ? ((await currentAssignmentOf(trx, id).select('project.id as id').executeTakeFirst())?.id ??
          null)
        : projectId;
    const link = await repo.addLink(trx, {
      repositoryId: stored.id,
      learnerId: id,
      projectId: project,
      source,
      createdBy: actorId,
    });
    if (link) linked.push(id);
  }
  await recordBoardChanges(trx, linked, {
    kind: 'activity',
    summary: `repository ${stored.full_name} linked`,
    actorId,
  });
  return stored;
}

/**
 * Made once: GitHub is asked first whether the repository exists (an earlier attempt, or an
 * earlier move to the project that was undone, made it), and a 422 of the generate call counts as
 * made. Adding the collaborator is safe to repeat; a refusal (an unknown login) is noted, not
 * retried. The link is recorded while this process still holds the step.
 */
export const templateRepositoryStep = defineStep<TemplateRepositoryInput>({
  kind: 'template-repository',
  async run(input, { app, actorId, transaction }) {
    const github = new GithubClient(app.config.github, { maxWaitMs: 0 });
    if (!github.apiConfigured) throw new StepFailure('GitHub is not configured');
    const learner = await app.db
      .selectFrom('people')
      .select('id')
      .where('id', '=', input.learnerId)
      .executeTakeFirst();
    if (!learner) throw new StepFailure('The learner no longer exists');
    const path = `${input.owner}/${input.name}`;
    const url = `https://github.com/${path}`;
    if (!(await github.repositoryExists(path)))
      await github.generateFromTemplate(input.template, {
        owner: input.owner,
        name: input.name,
        description: input.description,
      });
    let refused: string | null = null;
    try {
      await github.addCollaborator(input.owner, input.name, input.login);
    } catch (error) {
      if (!(error instanceof GithubError) || error.transient) throw error;
      refused = error.message;
    }
    await transaction((trx) =>
      linkCreatedRepository(
        trx,
        { fullName: path, url },
        [input.learnerId],
        input.projectId,
        'template',
        actorId,
      ),
    );
    const summary = refused ? `${path} (${input.login} without access: ${refused})` : path;
    return { summary, url };
  },
});
