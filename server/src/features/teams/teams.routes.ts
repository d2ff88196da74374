import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams, NoContent } from '@lp/contract/common';
import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import {
  CreatedTeam,
  CreateTeamBody,
  CreateTeamsBatchBody,
  Team,
  TeamListQuery,
  TeamsBatchResponse,
  TeamsChangeParams,
  TeamsUndo,
  TicketMigrationResponse,
  undoableTeams,
} from '@lp/contract/teams';
import { Type } from 'typebox';
import { callerOf } from '../../plugins/principal.ts';
import { staffOnly } from '../../plugins/route-rules.ts';
import { undoTeamsChange } from './teams.history.ts';
import * as teams from './teams.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
const tags = ['teams'];

export const teamsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/teams',
    {
      config: staffOnly(200),
      schema: {
        tags,
        description: "A cohort's saved teams, Team 1 first. Learners only are listed as members.",
        querystring: TeamListQuery,
        response: { 200: Type.Array(Team), ...errors },
      },
    },
    async (request) => teams.listTeams(app, request.query.cohort),
  );

  app.post(
    '/teams',
    {
      config: staffOnly(201),
      schema: {
        tags,
        description:
          'Saves one team (named `Team {teamIndex}`). `students` are learners of the cohort and ' +
          'optionally its coaches. `message` says what will not be done outside the database; ' +
          'the Slack channel and GitHub repositories are made by the job `job_id`.',
        body: CreateTeamBody,
        response: { 201: undoableTeams(CreatedTeam), ...errors },
      },
    },
    async (request, reply) => {
      const created = await teams.createTeam(app, callerOf(request), request.body);
      reply.header(HISTORY_ID_HEADER, created.historyId);
      return reply.code(201).send(created.team);
    },
  );

  app.post(
    '/teams/batch',
    {
      config: staffOnly(201),
      schema: {
        tags,
        description:
          'Saves all the teams of a cohort in one transaction: every team is saved, or none is. ' +
          'Refused (409) while the cohort already has a team with one of the numbers or a ' +
          'learner is already on a saved team. Undoable (POST /teams/history/{entry}/undo).',
        body: CreateTeamsBatchBody,
        response: { 201: undoableTeams(TeamsBatchResponse), ...errors },
      },
    },
    async (request, reply) => {
      const { saved, historyId } = await teams.createTeams(app, callerOf(request), request.body);
      reply.header(HISTORY_ID_HEADER, historyId);
      return reply.code(201).send(saved);
    },
  );

  app.delete(
    '/teams/reset',
    {
      config: staffOnly(204),
      schema: {
        tags,
        description:
          "Deletes all the cohort's teams, their members and repository records. Undoable " +
          '(POST /teams/history/{entry}/undo).',
        querystring: TeamListQuery,
        response: { 204: undoableTeams(NoContent), ...errors },
      },
    },
    async (request, reply) => {
      const historyId = await teams.resetTeams(app, callerOf(request), request.query.cohort);
      reply.header(HISTORY_ID_HEADER, historyId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/teams/history/:id/undo',
    {
      config: staffOnly(200),
      schema: {
        tags,
        description:
          "Undoes a save or delete of a cohort's teams (the entry its answer named): the teams " +
          'before it come back exactly (ids, names, every member, Slack channel, group project, ' +
          'repositories), in one transaction. 404 unknown entry; 409 when already undone, after ' +
          "the undo window, or when the cohort's teams changed since.",
        params: TeamsChangeParams,
        response: { 200: TeamsUndo, ...errors },
      },
    },
    async (request) => undoTeamsChange(app, callerOf(request), request.params.id),
  );

  app.post(
    '/teams/:id/migrate',
    {
      config: staffOnly(200),
      schema: {
        tags,
        description:
          "Queues a job copying the open issues of the group project's client template into the " +
          "team's repositories (once per title); `job_id` follows it. 409 when the team has no " +
          'repositories or its project no client template; 503 while GitHub is not configured.',
        params: IdParams,
        response: { 200: TicketMigrationResponse, ...errors, 503: ErrorResponse },
      },
    },
    async (request) => teams.migrateTickets(app, callerOf(request), request.params.id),
  );
};
