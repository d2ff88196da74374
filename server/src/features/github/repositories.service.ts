import {
  ACTIVITY_PAGE_SIZE,
  type ActivityPage,
  type LinkRepositoryBody,
  type RepositoryLink,
} from '@lp/contract/github';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db, RepositorySource } from '../../db/schema.ts';
import { organizationFromUrl } from '../../integrations/github.ts';
import { isoTimestampSql } from '../../lib/dates.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import { currentAssignmentOf, recordLearnerChange } from '../board/index.ts';
import { currentMembershipOf } from '../cohorts/index.ts';
import { queueBackfill } from './backfill.step.ts';
import * as repo from './repositories.repository.ts';

/** The learner's id when `caller` may see their repositories: the learner and staff. */
function mayRead(caller: SignedInPerson, learnerId: number) {
  if (!caller.isStaff && caller.id !== learnerId) throw forbidden();
}

const learnerOf = async (db: Db, learnerId: number) => {
  const learner = await db
    .selectFrom('people')
    .select(['id', 'github_login', 'first_name', 'last_name'])
    .where('id', '=', learnerId)
    .where('is_staff', '=', false)
    .executeTakeFirst();
  if (!learner) throw notFound('Learner');
  return learner;
};

/** The learner's linked repositories, newest first, each with its latest push and checks. */
export async function listRepositories(
  app: FastifyInstance,
  caller: SignedInPerson,
  learnerId: number,
): Promise<RepositoryLink[]> {
  mayRead(caller, learnerId);
  await learnerOf(app.db, learnerId);
  return linksOf(app.db, learnerId);
}

async function linksOf(db: Db, learnerId: number, linkId?: number): Promise<RepositoryLink[]> {
  const { rows } = await sql<RepositoryLink>`
    select rl.id, r.full_name, r.html_url as url, r.deleted_at is not null as deleted,
      rl.project_id, p.name as project_name, rl.source,
      ${isoTimestampSql('rl.created_at')} as linked_at,
      ${isoTimestampSql('w.last_push_at')} as last_push_at,
      w.checks
    from repository_links rl
    join repositories r on r.id = rl.repository_id
    left join projects p on p.id = rl.project_id
    left join repository_work w on w.repository_id = r.id
    where rl.learner_id = ${learnerId} and (${linkId ?? null}::int is null or rl.id = ${linkId ?? null})
    order by rl.created_at desc, rl.id desc`.execute(db);
  return rows;
}

const GITHUB_REPOSITORY_URL =
  /^https:\/\/github\.com\/([A-Za-z0-9-]{1,39})\/([A-Za-z0-9._-]{1,100}?)(?:\.git)?\/?$/;

/**
 * 'owner/name' of a repository URL a learner may link: on github.com, owned by the learner's
 * login or their cohort's organisation. Anything else is refused with the reason.
 */
function linkableRepository(url: string, owners: string[]) {
  const match = GITHUB_REPOSITORY_URL.exec(url.trim());
  if (!match)
    throw badRequest('url must be a GitHub repository address: https://github.com/{owner}/{name}');
  const [, owner = '', name = ''] = match;
  if (!owners.some((allowed) => allowed.toLowerCase() === owner.toLowerCase()))
    throw badRequest(
      owners.length === 0
        ? 'url: the learner has no GitHub login and their cohort no GitHub organisation, so no repository can be linked.'
        : `url must name a repository of ${owners.join(' or ')}: ${owner} is neither.`,
    );
  return { fullName: `${owner}/${name}`, url: `https://github.com/${owner}/${name}` };
}

/** Links a repository to a learner (the learner themself, or staff). */
export async function linkRepository(
  app: FastifyInstance,
  caller: SignedInPerson,
  learnerId: number,
  body: LinkRepositoryBody,
): Promise<{ link: RepositoryLink; historyId: number }> {
  mayRead(caller, learnerId);
  return app.db.transaction().execute(async (trx) => {
    const learner = await learnerOf(trx, learnerId);
    const membership = await currentMembershipOf(trx, learnerId);
    const organization = membership
      ? organizationFromUrl(
          (
            await trx
              .selectFrom('cohort_info')
              .select('student_organization_url')
              .where('cohort_id', '=', membership.cohort_id)
              .executeTakeFirst()
          )?.student_organization_url,
        )
      : null;
    const owners = [learner.github_login, organization].filter((owner): owner is string =>
      Boolean(owner),
    );
    const wanted = linkableRepository(body.url, owners);
    const project = body.projectId
      ? await trx
          .selectFrom('projects')
          .select(['id', 'name'])
          .where('id', '=', body.projectId)
          .executeTakeFirst()
      : await currentAssignmentOf(trx, learnerId)
          .select(['project.id as id', 'project.name as name'])
          .executeTakeFirst();
    if (body.projectId && !project) throw badRequest('projectId names no project.');
    const repository = await repo.ensureRepository(trx, wanted);
    const source: RepositorySource = caller.id === learnerId ? 'learner' : 'staff';
    const link = await repo.addLink(trx, {
      repositoryId: repository.id,
      learnerId,
      projectId: project?.id ?? null,
      source,
      createdBy: caller.id,
    });
    if (!link) throw conflict(`${repository.full_name} is linked to this learner already.`);
    // Webhooks tell only of what happens from now on: the recent history is read by a job.
    await queueBackfill(app, trx, {
      repositoryId: repository.id,
      fullName: repository.full_name,
      learnerId,
      cohortId: membership?.cohort_id ?? null,
      createdBy: caller.id,
    });
    const historyId = await recordLearnerChange(trx, caller.id, 'link_repository', {
      student_id: learnerId,
      link_id: link.id,
      repository: repository.full_name,
      project: project?.name ?? null,
    });
    const [shown] = await linksOf(trx, learnerId, link.id);
    return { link: shown as RepositoryLink, historyId };
  });
}

/** Unlinks a repository from its learner (staff); the events stay with the repository. */
export async function unlinkRepository(app: FastifyInstance, caller: SignedInPerson, id: number) {
  return app.db.transaction().execute(async (trx) => {
    const removed = await repo.deleteLink(trx, id);
    if (!removed) throw notFound('Repository link');
    const repository = await trx
      .selectFrom('repositories')
      .select('full_name')
      .where('id', '=', removed.repository_id)
      .executeTakeFirstOrThrow();
    return recordLearnerChange(trx, caller.id, 'unlink_repository', {
      student_id: removed.learner_id,
      repository: repository.full_name,
      link: { ...removed, created_at: removed.created_at.toISOString() },
    });
  });
}

/** What happened in the learner's repositories, newest first, a page at a time. */
export async function activity(
  app: FastifyInstance,
  caller: SignedInPerson,
  learnerId: number,
  page: number,
): Promise<ActivityPage> {
  mayRead(caller, learnerId);
  await learnerOf(app.db, learnerId);
  const linked = app.db
    .selectFrom('repository_links')
    .select('repository_id')
    .where('learner_id', '=', learnerId);
  const [{ count } = { count: 0 }] = await app.db
    .selectFrom('repository_events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('repository_id', 'in', linked)
    .execute();
  const rows = await app.db
    .selectFrom('repository_events as e')
    .innerJoin('repositories as r', 'r.id', 'e.repository_id')
    .select([
      'e.id',
      'e.kind',
      'r.full_name as repository',
      'e.occurred_at',
      'e.actor',
      'e.title',
      'e.url',
      'e.commit_count',
      'e.state',
      'e.head_sha',
    ])
    .where('e.repository_id', 'in', linked)
    .orderBy('e.occurred_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(ACTIVITY_PAGE_SIZE)
    .offset((page - 1) * ACTIVITY_PAGE_SIZE)
    .execute();
  const total = Number(count);
  const pageUrl = (n: number) => `?page=${n}`;
  return {
    count: total,
    next: page * ACTIVITY_PAGE_SIZE < total ? pageUrl(page + 1) : null,
    previous: page > 1 ? pageUrl(page - 1) : null,
    results: rows.map((row) => ({ ...row, occurred_at: row.occurred_at.toISOString() })),
  };
}
