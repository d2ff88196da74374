import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BoardResponse,
  LastnameLikeResponse,
  LearnerSearchResponse,
  StatusList,
  StudentsQuery,
} from '@lp/contract/board';
import { ErrorResponse } from '@lp/contract/common';
import { Type } from 'typebox';
import { badRequest } from '../../lib/http-errors.ts';
import { sendKept } from '../../plugins/kept-answer.ts';
import { signedIn, staffOnly } from '../../plugins/route-rules.ts';
import * as repo from './board.repository.ts';
import { boardRead } from './board.service.ts';

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };

/*
 * Who may read boards and learner lists: every rule is the route's access, so the board has no
 * policy file.
 * - GET /students and its variants: any staff member, for any cohort, not only the cohorts they
 *   coach (staff manage every learner); learners never, since a board shows other learners' data.
 * - The lookups (GET /statuses, GET /proposalstatuses): anyone signed in.
 */
export const boardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/students',
    {
      config: staffOnly(200),
      schema: {
        tags: ['students'],
        description:
          'One variant per call: lastname_like (learners without a current cohort), cohort (the board, with an ETag; If-None-Match answers 304) or q (search by name or tag).',
        querystring: StudentsQuery,
        response: {
          // The board itself is JSON text built by its SQL statement and cached as bytes.
          200: Type.Unsafe<BoardResponse | LearnerSearchResponse | LastnameLikeResponse | Buffer>(
            Type.Union([BoardResponse, LearnerSearchResponse, LastnameLikeResponse]),
          ),
          304: Type.Unsafe<void>(Type.Null({ description: 'The board is unchanged' })),
          ...errors,
        },
      },
    },
    (request, reply) => {
      const { cohort, lastname_like, q } = request.query;
      if (lastname_like !== undefined) return repo.learnersWithoutCohort(app.db, lastname_like);
      if (cohort !== undefined) return sendKept(reply, boardRead(app, cohort));
      if (q !== undefined) return repo.searchLearners(app.db, q);
      throw badRequest(
        'querystring.cohort, querystring.lastname_like or querystring.q is required',
      );
    },
  );

  for (const [path, table] of [
    ['/statuses', 'assessment_statuses'],
    ['/proposalstatuses', 'proposal_statuses'],
  ] as const) {
    app.get(
      path,
      {
        config: signedIn(200),
        schema: { tags: ['students'], response: { 200: StatusList, 401: ErrorResponse } },
      },
      async () => {
        const results = await repo.lookup(app.db, table);
        return { count: results.length, next: null, previous: null, results };
      },
    );
  }
};
