import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams, NoContent } from '@lp/contract/common';
import {
  CreatedTeam,
  CreateTeamBody,
  CreateTeamsBatchBody,
  Team,
  TeamListQuery,
  TeamsBatchResponse,
  TicketMigrationResponse,
} from '@lp/contract/teams';
import { Type } from 'typebox';
import { callerOf } from '../../plugins/principal.ts';
import { staffOnly } from '../../plugins/route-rules.ts';
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
        response: { 201: CreatedTeam, ...errors },
      },
    },
    async (request, reply) => {
      const created = await teams.createTeam(app, callerOf(request), request.body);
      return reply.code(201).send(created);
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
          'learner is already on a saved team.',
        body: CreateTeamsBatchBody,
        response: { 201: TeamsBatchResponse, ...errors },
      },
    },
    async (request, reply) => {
      const saved = await teams.createTeams(app, callerOf(request), request.body);
      return reply.code(201).send(saved);
    },
  );

  app.delete(
    '/teams/reset',
    {
      config: staffOnly(204),
      schema: {
        tags,
        description: "Deletes all the cohort's teams, their members and repository records.",
        querystring: TeamListQuery,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await teams.resetTeams(app, callerOf(request), request.query.cohort);
      return reply.code(204).send();
    },
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
