import { sql } from 'kysely';
import type { Db, RepositorySource } from '../../db/schema.ts';
import type { NewRepositoryEvent, RepositoryRef } from './delivery-changes.ts';

// The statements of repositories, their links to learners and their events.

/** The stored repository GitHub's id or (for one stored without it) its name names. */
export const findRepository = (db: Db, ref: Pick<RepositoryRef, 'githubId' | 'fullName'>) =>
  db
    .selectFrom('repositories')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('github_id', '=', ref.githubId),
        eb.and([
          eb('github_id', 'is', null),
          eb(sql`lower(full_name)`, '=', ref.fullName.toLowerCase()),
        ]),
      ]),
    )
    .orderBy('github_id', 'asc')
    .executeTakeFirst();

/** Brings a stored repository's name, address and GitHub id up to date; null when unknown. */
export async function refreshRepository(db: Db, ref: RepositoryRef, deleted = false) {
  const found = await findRepository(db, ref);
  if (!found) return null;
  return db
    .updateTable('repositories')
    .set({
      github_id: ref.githubId,
      full_name: ref.fullName,
      html_url: ref.url,
      default_branch: ref.defaultBranch ?? found.default_branch,
      deleted_at: deleted ? (found.deleted_at ?? new Date()) : null,
    })
    .where('id', '=', found.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The stored repository of `fullName` (any case), stored now when it is new. */
export async function ensureRepository(
  db: Db,
  repository: { fullName: string; url: string; githubId?: number | null },
) {
  await sql`
    insert into repositories (full_name, html_url, github_id)
    values (${repository.fullName}, ${repository.url}, ${repository.githubId ?? null})
    on conflict (lower(full_name)) do nothing`.execute(db);
  return db
    .selectFrom('repositories')
    .selectAll()
    .where(sql`lower(full_name)`, '=', repository.fullName.toLowerCase())
    .executeTakeFirstOrThrow();
}

/** Records events not seen before (by their key); answers how many were new. */
export async function addEvents(db: Db, repositoryId: number, events: NewRepositoryEvent[]) {
  if (events.length === 0) return 0;
  const inserted = await db
    .insertInto('repository_events')
    .values(
      events.map((event) => ({
        repository_id: repositoryId,
        kind: event.kind,
        subject: event.subject,
        key: event.key,
        occurred_at: event.occurredAt,
        actor: event.actor,
        title: event.title,
        url: event.url,
        head_sha: event.headSha,
        commit_count: event.commitCount,
        state: event.state,
      })),
    )
    .onConflict((oc) => oc.columns(['repository_id', 'kind', 'key']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

export interface NewLink {
  repositoryId: number;
  learnerId: number;
  projectId: number | null;
  source: RepositorySource;
  createdBy: number | null;
}

/** Links a repository to a learner; null when it was linked to them already. */
export const addLink = (db: Db, link: NewLink) =>
  db
    .insertInto('repository_links')
    .values({
      repository_id: link.repositoryId,
      learner_id: link.learnerId,
      project_id: link.projectId,
      source: link.source,
      created_by: link.createdBy,
    })
    .onConflict((oc) => oc.columns(['repository_id', 'learner_id']).doNothing())
    .returningAll()
    .executeTakeFirst();

export const deleteLink = (db: Db, id: number) =>
  db.deleteFrom('repository_links').where('id', '=', id).returningAll().executeTakeFirst();

/** Marks the current memberships of the learner with this GitHub login as in the organisation. */
export const markOrganizationMember = (db: Db, login: string) =>
  db
    .updateTable('cohort_memberships')
    .set({ is_github_org_member: true })
    .where('left_at', 'is', null)
    .where('is_github_org_member', '=', false)
    .where('person_id', 'in', (eb) =>
      eb
        .selectFrom('people')
        .select('id')
        .where(sql`lower(github_login)`, '=', login.toLowerCase()),
    )
    .executeTakeFirst();

/** The learners a repository is linked to. */
export const learnersOf = async (db: Db, repositoryId: number) =>
  (
    await db
      .selectFrom('repository_links')
      .select('learner_id')
      .where('repository_id', '=', repositoryId)
      .execute()
  ).map((row) => row.learner_id);
