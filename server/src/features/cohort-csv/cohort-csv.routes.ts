import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, IdParams } from '@lp/contract/common';
import {
  ROSTER_MAX_BYTES,
  RosterImport,
  RosterQuery,
  RosterRefusal,
  RosterUndo,
  RosterUndoParams,
} from '@lp/contract/roster';
import { Type } from 'typebox';
import { HttpError } from '../../lib/http-errors.ts';
import { callerOf } from '../../plugins/principal.ts';
import { staffOnly } from '../../plugins/route-rules.ts';
import { progressCsv } from './progress-export.service.ts';
import { importRoster } from './roster-import.service.ts';
import { undoRosterImport } from './roster-undo.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const CSV = 'text/csv';

/** The media type of a request without its parameters ('text/csv; charset=utf-8' → 'text/csv'). */
const mediaType = (header: string | undefined) =>
  (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/*
 * A cohort's data in and out as CSV (contract/src/roster.ts). Staff work: every staff member may
 * export or import any cohort, whether or not they coach it; learners may not. No object rule
 * remains, so there is no policy file.
 */
export const cohortCsvRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Only this feature's routes read CSV bodies, kept as the file's bytes up to the roster's
  // limit: their character encoding is told from the bytes (file-encoding.ts), which reading
  // them as UTF-8 text here would have lost.
  app.addContentTypeParser(
    CSV,
    { parseAs: 'buffer', bodyLimit: ROSTER_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/cohorts/:id/progress.csv',
    {
      config: staffOnly(200),
      schema: {
        tags: ['cohorts'],
        summary: "The cohort's learners, progress and health flags as a spreadsheet",
        params: IdParams,
        produces: [CSV],
        response: {
          200: {
            description: 'One row per current learner, after a header row',
            content: { 'text/csv; charset=utf-8': { schema: Type.String() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await progressCsv(app, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/cohorts/:id/roster',
    {
      config: staffOnly(200),
      schema: {
        tags: ['cohorts'],
        summary: 'Import learners from a CSV roster, or preview the import (dry_run)',
        params: IdParams,
        querystring: RosterQuery,
        body: {
          content: {
            [CSV]: {
              // Bytes, not a string: no type for the validator to check (the handler does).
              schema: Type.Unsafe<Buffer>({
                description:
                  'A header row naming First name, Last name, GitHub login, Email; in UTF-8 (with or without a byte order mark), UTF-16 with a byte order mark, or a code page such as Windows-1252',
              }),
            },
          },
        },
        response: {
          200: RosterImport,
          ...errors,
          413: ErrorResponse,
          415: ErrorResponse,
          422: RosterRefusal,
        },
      },
    },
    async (request) => {
      const body: unknown = request.body;
      if (mediaType(request.headers['content-type']) !== CSV || !Buffer.isBuffer(body))
        throw new HttpError(415, 'Send the roster as a CSV file (Content-Type: text/csv).');
      return importRoster(
        app,
        callerOf(request).id,
        request.params.id,
        body,
        request.query.dry_run === true,
      );
    },
  );

  app.post(
    '/cohorts/:id/roster/:importId/undo',
    {
      config: staffOnly(200),
      schema: {
        tags: ['cohorts'],
        summary: 'Take an applied roster import back: its learners leave the cohort again',
        params: RosterUndoParams,
        response: { 200: RosterUndo, ...errors, 409: ErrorResponse },
      },
    },
    async (request) =>
      undoRosterImport(app, callerOf(request).id, request.params.id, request.params.importId),
  );
};
