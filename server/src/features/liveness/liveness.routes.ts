import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { anyone } from '../../plugins/route-rules.ts';

const HealthResponse = Type.Object({ status: Type.String(), database: Type.String() });

export const livenessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      config: anyone(200),
      schema: { tags: ['health'], response: { 200: HealthResponse, 503: HealthResponse } },
    },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok', database: app.dbKind };
      } catch {
        return reply.code(503).send({ status: 'unavailable', database: app.dbKind });
      }
    },
  );
};
