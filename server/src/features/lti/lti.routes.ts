import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams } from '@lp/contract/common';
import {
  LtiContext,
  LtiContextCohortBody,
  LtiContextList,
  LtiIdentity,
  LtiIdentityLinkBody,
  LtiIdentityList,
  LtiPlatform,
  LtiPlatformBody,
  LtiPlatformList,
  LtiTool,
} from '@lp/contract/lti';
import { RosterImport, RosterQuery, RosterRefusal } from '@lp/contract/roster';
import { badRequest } from '../../lib/http-errors.ts';
import { callerOf } from '../../plugins/principal.ts';
import { staffOnly } from '../../plugins/route-rules.ts';
import { linkIdentityTo, listIdentities } from './identities.service.ts';
import * as admin from './lti-admin.service.ts';
import { syncRoster } from './roster-sync.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/*
 * The school's LMS connection is the school's, not a person's: any staff member may register and
 * delete platforms, rotate our keys and link LMS courses to cohorts; learners may not.
 */
export const ltiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/lti/tool',
    {
      config: staffOnly(200),
      schema: {
        tags: ['lti'],
        summary: 'What to register on the LMS side: our URLs, and our published keys',
        response: { 200: LtiTool, ...errors },
      },
    },
    async () => admin.toolInfo(app),
  );

  app.post(
    '/lti/tool/keys/rotate',
    {
      config: staffOnly(200),
      schema: {
        tags: ['lti'],
        summary: 'A new signing key; the old one stays published for a while',
        response: { 200: LtiTool, ...errors },
      },
    },
    async (request) => admin.rotateToolKeys(app, callerOf(request)),
  );

  app.get(
    '/lti/platforms',
    {
      config: staffOnly(200),
      schema: { tags: ['lti'], response: { 200: LtiPlatformList, ...errors } },
    },
    async () => admin.listPlatforms(app),
  );

  app.post(
    '/lti/platforms',
    {
      config: staffOnly(201),
      schema: {
        tags: ['lti'],
        summary: 'Register an LMS platform (issuer, client id, endpoints, deployment ids)',
        body: LtiPlatformBody,
        response: { 201: LtiPlatform, ...errors, 409: ErrorResponse },
      },
      // The API's validator would wrap one text in a list: a list is asked for, so one is needed.
      preValidation: async (request) => {
        const body: unknown = request.body;
        const ids = (body as { deployment_ids?: unknown } | null)?.deployment_ids;
        if (ids !== undefined && !Array.isArray(ids))
          throw badRequest('body.deployment_ids must be an array of deployment ids');
      },
    },
    async (request, reply) =>
      reply.code(201).send(await admin.createPlatform(app, callerOf(request), request.body)),
  );

  app.delete(
    '/lti/platforms/:id',
    {
      config: staffOnly(200),
      schema: {
        tags: ['lti'],
        summary: 'Delete a platform: its launches are refused (undone by restore)',
        params: IdParams,
        response: { 200: LtiPlatform, ...errors },
      },
    },
    async (request) => admin.setPlatformDeleted(app, callerOf(request), request.params.id, true),
  );

  app.post(
    '/lti/platforms/:id/restore',
    {
      config: staffOnly(200),
      schema: {
        tags: ['lti'],
        summary: 'Undo the deletion of a platform',
        params: IdParams,
        response: { 200: LtiPlatform, ...errors, 409: ErrorResponse },
      },
    },
    async (request) => admin.setPlatformDeleted(app, callerOf(request), request.params.id, false),
  );

  app.get(
    '/lti/contexts',
    {
      config: staffOnly(200),
      schema: {
        tags: ['lti'],
        summary: 'The LMS courses that launched us, newest launch first',
        response: { 200: LtiContextList, ...errors },
      },
    },
    async () => admin.listContexts(app),
  );

  app.put(
    '/lti/contexts/:id/cohort',
    {
      config: staffOnly(200),
      schema: {
        tags: ['lti'],
        summary: 'Link an LMS course to a cohort (null unlinks)',
        params: IdParams,
        body: LtiContextCohortBody,
        response: { 200: LtiContext, ...errors },
      },
    },
    async (request) => admin.linkContext(app, callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/lti/contexts/:id/roster',
    {
      config: staffOnly(200),
      schema: {
        tags: ['lti'],
        summary:
          "Sync the linked cohort's learners from the LMS course's roster (NRPS), or preview it (dry_run)",
        description:
          'As a CSV roster import: each active learner of the course is a line (create, enrol, skip or error); applying is all or nothing (422 with the lines) and is undone by POST /cohorts/{id}/roster/{importId}/undo. 409 when the course is linked to no cohort or offers no roster; 502 when the LMS refused.',
        params: IdParams,
        querystring: RosterQuery,
        response: {
          200: RosterImport,
          ...errors,
          409: ErrorResponse,
          422: RosterRefusal,
          502: ErrorResponse,
        },
      },
    },
    async (request) =>
      syncRoster(app, callerOf(request).id, request.params.id, request.query.dry_run === true),
  );

  app.get(
    '/lti/identities',
    {
      config: staffOnly(200),
      schema: {
        tags: ['lti'],
        summary: 'Which account each LMS user signs in to (the newest 200 links)',
        response: { 200: LtiIdentityList, ...errors },
      },
    },
    async () => listIdentities(app),
  );

  app.put(
    '/lti/identities/:id/person',
    {
      config: staffOnly(200),
      schema: {
        tags: ['lti'],
        summary: 'Link an LMS user to the existing account of a user name',
        params: IdParams,
        body: LtiIdentityLinkBody,
        response: { 200: LtiIdentity, ...errors, 409: ErrorResponse },
      },
    },
    async (request) =>
      linkIdentityTo(app, callerOf(request), request.params.id, request.body.username),
  );
};
