import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema.ts';
import { fullNameSql } from '../../lib/names.ts';
import { isCurrentMembership } from '../cohorts/index.ts';

/** Learners whose current membership is in the cohort. */
export const currentLearnerIds = async (db: Db, cohortId: number) =>
  (
    await db
      .selectFrom('cohort_memberships')
      .innerJoin('people', 'people.id', 'cohort_memberships.person_id')
      .select('people.id')
      .where('cohort_memberships.cohort_id', '=', cohortId)
      .where(isCurrentMembership())
      .where('people.is_staff', '=', false)
      .execute()
  ).map((row) => row.id);

export const coachIds = async (db: Db, cohortId: number) =>
  (
    await db
      .selectFrom('cohort_coaches')
      .select('person_id')
      .where('cohort_id', '=', cohortId)
      .execute()
  ).map((row) => row.person_id);

export const findProject = (db: Db, id: number) =>
  db
    .selectFrom('projects')
    .select(['id', 'name', 'is_group_project', 'active', 'client_template_url', 'api_template_url'])
    .where('id', '=', id)
    .executeTakeFirst();

const teamColumns = [
  'id',
  'cohort_id',
  'group_name',
  'sprint_team',
  'slack_channel',
  'group_project_id',
] as const;

export const cohortTeams = (db: Db, cohortId: number) =>
  db
    .selectFrom('teams')
    .select(teamColumns)
    .where('cohort_id', '=', cohortId)
    .orderBy('id')
    .execute();
export type TeamRow = Awaited<ReturnType<typeof cohortTeams>>[number];

export const findTeam = (db: Db, id: number) =>
  db.selectFrom('teams').select(teamColumns).where('id', '=', id).executeTakeFirst();

/** The learners (not staff) of the given teams, by name; one query for the whole list. */
export const learnerMembers = (db: Db, teamIds: number[]) =>
  teamIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('team_members')
        .innerJoin('people as p', 'p.id', 'team_members.person_id')
        .select(['team_members.team_id', 'p.id', fullNameSql('p').as('name'), 'p.username'])
        .where('team_members.team_id', 'in', teamIds)
        .where('p.is_staff', '=', false)
        .orderBy('p.last_name')
        .orderBy('p.first_name')
        .orderBy('p.id')
        .execute();

export const repositories = (db: Db, teamIds: number[]) =>
  teamIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('group_project_repositories')
        .select(['id', 'team_id', 'project_id', 'repository'])
        .where('team_id', 'in', teamIds)
        .orderBy('id')
        .execute();

export const insertTeam = (
  trx: Transaction<Database>,
  values: {
    cohort_id: number;
    group_name: string;
    sprint_team: boolean;
    group_project_id: number | null;
  },
) => trx.insertInto('teams').values(values).returning('id').executeTakeFirstOrThrow();

export const insertMembers = (trx: Transaction<Database>, teamId: number, personIds: number[]) =>
  trx
    .insertInto('team_members')
    .values(personIds.map((person_id) => ({ team_id: teamId, person_id })))
    .execute();

/** Deletes a cohort's teams; members and repository rows go with them (on delete cascade). */
export const deleteCohortTeams = (trx: Transaction<Database>, cohortId: number) =>
  trx.deleteFrom('teams').where('cohort_id', '=', cohortId).returning('id').execute();

/** Slack member ids of the given people (those who have one). */
export const slackHandles = async (db: Db, personIds: number[]) =>
  personIds.length === 0
    ? []
    : (
        await db
          .selectFrom('people')
          .select('slack_handle')
          .where('id', 'in', personIds)
          .where('slack_handle', 'is not', null)
          .where('slack_handle', '!=', '')
          .execute()
      ).map((row) => row.slack_handle as string);

export const allMemberIds = async (db: Db, teamId: number) =>
  (
    await db.selectFrom('team_members').select('person_id').where('team_id', '=', teamId).execute()
  ).map((row) => row.person_id);

export const setSlackChannel = (trx: Transaction<Database>, teamId: number, channel: string) =>
  trx.updateTable('teams').set({ slack_channel: channel }).where('id', '=', teamId).execute();

/** The cohort's GitHub organisation URL (cohort info), or null. */
export const organizationUrl = async (db: Db, cohortId: number) =>
  (
    await db
      .selectFrom('cohort_info')
      .select('student_organization_url')
      .where('cohort_id', '=', cohortId)
      .executeTakeFirst()
  )?.student_organization_url ?? null;

export const githubLogins = async (db: Db, personIds: number[]) =>
  personIds.length === 0
    ? []
    : (
        await db
          .selectFrom('people')
          .select('github_login')
          .where('id', 'in', personIds)
          .where('github_login', 'is not', null)
          .where('github_login', '!=', '')
          .execute()
      ).map((row) => row.github_login as string);

/** Records a team's repository; undefined when the team has it already (its unique key). */
export const insertRepository = (
  trx: Transaction<Database>,
  values: { team_id: number; project_id: number; repository: string },
) =>
  trx
    .insertInto('group_project_repositories')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['team_id', 'repository']).where('repository', '<>', '').doNothing(),
    )
    .returning(['id', 'team_id', 'project_id', 'repository'])
    .executeTakeFirst();

/**
 * One team as an undo puts it back: its row, every member (coaches too) and its repositories.
 * Kept as JSON in the history entry of the change (audit_log), so dates are ISO strings.
 */
export interface TeamSnapshot {
  id: number;
  group_name: string;
  sprint_team: boolean;
  slack_channel: string;
  group_project_id: number | null;
  created_at: string;
  members: number[];
  repositories: { id: number; project_id: number; repository: string }[];
}

/** The cohort's teams, whole, Team row order by id. */
export async function teamsSnapshot(db: Db, cohortId: number): Promise<TeamSnapshot[]> {
  const teams = await db
    .selectFrom('teams')
    .select([...teamColumns, 'created_at'])
    .where('cohort_id', '=', cohortId)
    .orderBy('id')
    .execute();
  const ids = teams.map((team) => team.id);
  const members =
    ids.length === 0
      ? []
      : await db
          .selectFrom('team_members')
          .select(['team_id', 'person_id'])
          .where('team_id', 'in', ids)
          .orderBy('person_id')
          .execute();
  const repos = await repositories(db, ids);
  return teams.map((team) => ({
    id: team.id,
    group_name: team.group_name,
    sprint_team: team.sprint_team,
    slack_channel: team.slack_channel,
    group_project_id: team.group_project_id,
    created_at: new Date(team.created_at).toISOString(),
    members: members.filter((m) => m.team_id === team.id).map((m) => m.person_id),
    repositories: repos
      .filter((r) => r.team_id === team.id)
      .map(({ id, project_id, repository }) => ({ id, project_id, repository })),
  }));
}

const existingIds = async (db: Db, table: 'people' | 'projects', ids: number[]) =>
  new Set(
    ids.length === 0
      ? []
      : (await db.selectFrom(table).select('id').where('id', 'in', ids).execute()).map(
          (row) => row.id,
        ),
  );

/**
 * Inserts teams as they were, with their ids (never handed out again by the id sequence) and
 * creation times. A person or project deleted since is left out, as its deletion would have
 * taken it off the team.
 */
export async function restoreTeams(
  trx: Transaction<Database>,
  cohortId: number,
  snapshot: TeamSnapshot[],
) {
  if (snapshot.length === 0) return;
  const people = await existingIds(
    trx,
    'people',
    snapshot.flatMap((team) => team.members),
  );
  const projects = await existingIds(
    trx,
    'projects',
    snapshot.flatMap((team) => [
      ...(team.group_project_id === null ? [] : [team.group_project_id]),
      ...team.repositories.map((r) => r.project_id),
    ]),
  );
  await trx
    .insertInto('teams')
    .values(
      snapshot.map((team) => ({
        id: team.id,
        cohort_id: cohortId,
        group_name: team.group_name,
        sprint_team: team.sprint_team,
        slack_channel: team.slack_channel,
        group_project_id:
          team.group_project_id !== null && projects.has(team.group_project_id)
            ? team.group_project_id
            : null,
        created_at: team.created_at,
      })),
    )
    .execute();
  const members = snapshot.flatMap((team) =>
    team.members
      .filter((id) => people.has(id))
      .map((person_id) => ({ team_id: team.id, person_id })),
  );
  if (members.length > 0) await trx.insertInto('team_members').values(members).execute();
  const repos = snapshot.flatMap((team) =>
    team.repositories
      .filter((r) => projects.has(r.project_id))
      .map((r) => ({ ...r, team_id: team.id })),
  );
  if (repos.length > 0) await trx.insertInto('group_project_repositories').values(repos).execute();
}

/** A save or delete of a cohort's teams (its history entry), and whether it was undone. */
export async function findTeamsChange(trx: Transaction<Database>, id: number) {
  const change = await trx
    .selectFrom('audit_log')
    .select(['id', 'action', 'entity_id', 'before', 'after', 'created_at'])
    .where('id', '=', id)
    .where('entity', '=', 'teams')
    .where('action', 'in', ['save', 'delete'])
    .executeTakeFirst();
  if (!change) return undefined;
  const undone = await trx
    .selectFrom('audit_log')
    .select('id')
    .where('entity', '=', 'teams')
    .where('entity_id', '=', change.entity_id)
    .where('action', '=', 'undo')
    .where(sql<string>`after->>'change_id'`, '=', String(id))
    .executeTakeFirst();
  return { ...change, undone: Boolean(undone) };
}
