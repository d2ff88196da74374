import { type Static, type TSchema, Type } from 'typebox';
import { Nullable } from './common.ts';
import { HISTORY_ID_HEADER } from './constants.ts';

/*
 * Saving and deleting a cohort's teams are undoable: POST /teams/batch (and POST /teams) and
 * DELETE /teams/reset answer with the header HISTORY_ID_HEADER, the id of the change's entry, and
 * POST /teams/history/{entry}/undo → 200 TeamsUndo puts back the teams the cohort had before it,
 * exactly (their ids, names and numbers, every member, coaches included, Slack channel, group
 * project and repositories), in one transaction. Within UNDO_WINDOW_DAYS days, once; 409 when
 * it is too late, already undone, or the cohort's teams changed since (another save or delete).
 */

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const TeamListQuery = Type.Object({ cohort: Id });
export type TeamListQuery = Static<typeof TeamListQuery>;

/** A learner on a team; coaches are members too but are not listed. */
export const TeamMember = Type.Object({ id: Type.Integer(), name: Type.String() });
export type TeamMember = Static<typeof TeamMember>;

export const TeamRepository = Type.Object({
  id: Type.Integer(),
  project: Type.Integer(),
  repository: Type.String(),
});
export type TeamRepository = Static<typeof TeamRepository>;

/**
 * A saved team. `team_index` is the number the builder gave it ('Team 1' = 1, also in
 * `group_name`); lists are ordered by it, so numbering is stable. `sprint_team` = made for a
 * group project. `slack_channel` is '' when no Slack channel was created.
 */
export const Team = Type.Object({
  id: Type.Integer(),
  group_name: Type.String(),
  team_index: Type.Integer(),
  cohort: Type.Integer(),
  sprint_team: Type.Boolean(),
  group_project: Nullable(Type.Integer()),
  slack_channel: Type.String(),
  students: Type.Array(TeamMember),
  repositories: Type.Array(TeamRepository),
});
export type Team = Static<typeof Team>;

const Students = Type.Array(Id, {
  minItems: 1,
  maxItems: 500,
  description: 'Person ids: learners of the cohort and, optionally, its coaches.',
});
const WeeklyPrefix = Type.String({
  minLength: 1,
  maxLength: 40,
  description: 'Slack channel prefix; stored lower-cased.',
});
const TeamIndex = Type.Integer({ minimum: 1, maximum: 500 });
const GroupProject = Nullable(Id);

/** One team (the original client's call, one request per team). */
export const CreateTeamBody = Type.Object({
  cohort: Id,
  students: Students,
  weeklyPrefix: WeeklyPrefix,
  teamIndex: TeamIndex,
  groupProject: GroupProject,
});
export type CreateTeamBody = Static<typeof CreateTeamBody>;

/**
 * A created team and what was (not) done outside the database, in words for the user.
 * `job_id` is the job that makes its Slack channel and repositories (GET /jobs/{id}), null when
 * there is nothing to make.
 */
export const CreatedTeam = Type.Object({
  ...Team.properties,
  message: Type.String(),
  job_id: Nullable(Type.Integer()),
});
export type CreatedTeam = Static<typeof CreatedTeam>;

/** All the teams of a cohort in one request: all are saved or none. */
export const CreateTeamsBatchBody = Type.Object({
  cohort: Id,
  weeklyPrefix: WeeklyPrefix,
  groupProject: GroupProject,
  teams: Type.Array(Type.Object({ teamIndex: TeamIndex, students: Students }), {
    minItems: 1,
    maxItems: 200,
  }),
});
export type CreateTeamsBatchBody = Static<typeof CreateTeamsBatchBody>;

export const TeamsBatchResponse = Type.Object({
  message: Type.String(),
  teams: Type.Array(Team),
  /** The job that makes the teams' channels and repositories, or null (see CreatedTeam). */
  job_id: Nullable(Type.Integer()),
});

/** A ticket migration under way: `job_id` follows it (GET /jobs/{id}). */
export const TicketMigrationResponse = Type.Object({
  message: Type.String(),
  job_id: Type.Integer(),
});
export type TicketMigrationResponse = Static<typeof TicketMigrationResponse>;
export type TeamsBatchResponse = Static<typeof TeamsBatchResponse>;

/** A change of the teams' answer, documented with the header that names its entry. */
export const undoableTeams = <T extends TSchema>(answer: T): T => ({
  ...answer,
  headers: {
    [HISTORY_ID_HEADER]: {
      type: 'integer',
      description: 'The entry of the change: POST /teams/history/{entry}/undo undoes it.',
    },
  },
});

export const TeamsChangeParams = Type.Object({ id: Id });
export type TeamsChangeParams = Static<typeof TeamsChangeParams>;

/** An undone save or delete: what was done, in words, and the cohort's teams now. */
export const TeamsUndo = Type.Object({
  message: Type.String(),
  teams: Type.Array(Team),
  /** The job archiving the Slack channels of teams the undo removed, or null. */
  job_id: Nullable(Type.Integer()),
});
export type TeamsUndo = Static<typeof TeamsUndo>;
