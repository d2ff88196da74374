import { CompiledQuery, sql } from 'kysely';
import type { Db, RepositorySource } from '../../db/schema.ts';
import { REFRESH_WORK_SQL } from './card-activity.ts';
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

/** The stored repositories of these refs (by GitHub's id, or by name for one stored without it). */
export const findRepositories = (db: Db, refs: Pick<RepositoryRef, 'githubId' | 'fullName'>[]) =>
  refs.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('repositories')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb(
              'github_id',
              'in',
              refs.map((ref) => ref.githubId),
            ),
            eb.and([
              eb('github_id', 'is', null),
              eb(
                sql`lower(full_name)`,
                'in',
                refs.map((ref) => ref.fullName.toLowerCase()),
              ),
            ]),
          ]),
        )
        .execute();

export const updateRepository = (
  db: Db,
  id: number,
  values: {
    github_id: number;
    full_name: string;
    html_url: string;
    default_branch: string | null;
    deleted_at: Date | null;
  },
) => db.updateTable('repositories').set(values).where('id', '=', id).execute();

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

/**
 * Records events of several repositories not seen before (by their key), in one statement, and
 * works out again what the cards show of the repositories that got new ones; answers the new
 * events, as 'repository kind key'.
 */
export async function addEventRows(
  db: Db,
  rows: Array<{ repositoryId: number; event: NewRepositoryEvent }>,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insertInto('repository_events')
    .values(
      rows.map(({ repositoryId, event }) => ({
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
    .returning(['repository_id', 'kind', 'key'])
    .execute();
  await refreshWork(db, [...new Set(inserted.map((row) => row.repository_id))]);
  return new Set(inserted.map((row) => `${row.repository_id} ${row.kind} ${row.key}`));
}

/** Works out again what the cards show of these repositories, from their events. */
export async function refreshWork(db: Db, repositoryIds: number[]) {
  if (repositoryIds.length === 0) return;
  // Two transactions adding events to one repository at once (two delivery jobs, a backfill)
  // would each work its row out from the events it sees, and the later commit would keep a row
  // without the other's events: a card moved backwards. The second waits here for the first to
  // commit, and its next statement sees its events. (NO KEY: the events' foreign keys take KEY
  // SHARE locks on the repository, which this must not wait for.)
  await db
    .selectFrom('repositories')
    .select('id')
    .where('id', 'in', repositoryIds)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  await db.executeQuery(CompiledQuery.raw(REFRESH_WORK_SQL, [repositoryIds]));
}

/** Records events of one repository not seen before (by their key); answers how many were new. */
export const addEvents = async (db: Db, repositoryId: number, events: NewRepositoryEvent[]) =>
  (
    await addEventRows(
      db,
      events.map((event) => ({ repositoryId, event })),
    )
  ).size;

/** Marks deliveries processed, each with its outcome, in one statement. */
export async function recordOutcomes(db: Db, outcomes: Map<string, string>) {
  if (outcomes.size === 0) return;
  await sql`
    update github_deliveries d set processed_at = now(), outcome = done.outcome
    from unnest(${[...outcomes.keys()]}::text[], ${[...outcomes.values()]}::text[])
      as done(id, outcome)
    where d.id = done.id`.execute(db);
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

/** The learners each of these repositories is linked to. */
export async function learnersOfRepositories(db: Db, repositoryIds: number[]) {
  const byRepository = new Map<number, number[]>();
  if (repositoryIds.length === 0) return byRepository;
  const rows = await db
    .selectFrom('repository_links')
    .select(['repository_id', 'learner_id'])
    .where('repository_id', 'in', repositoryIds)
    .execute();
  for (const row of rows)
    byRepository.set(row.repository_id, [
      ...(byRepository.get(row.repository_id) ?? []),
      row.learner_id,
    ]);
  return byRepository;
}
