// How saved teams are answered: the rows of a cohort's teams as the API's Team, Team 1 first.
import type { Team } from '@lp/contract/teams';
import type { Db } from '../../db/schema.ts';
import * as repo from './teams.repository.ts';

export const teamName = (index: number) => `Team ${index}`;

/** The number in 'Team N'; teams named otherwise sort last. */
const teamIndexOf = (groupName: string) => {
  const match = /^Team (\d+)$/.exec(groupName);
  return match ? Number(match[1]) : 0;
};

/** The API's teams of these rows, with their learners and repositories, in team number order. */
export async function teamsOf(db: Db, rows: repo.TeamRow[]) {
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
