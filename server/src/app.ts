import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { HISTORY_ID_HEADER } from '@lp/contract/learners';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { DatabaseKind } from './db/connection.ts';
import type { Database } from './db/schema.ts';
import { features } from './features/index.ts';
import { scheduleFormats } from './lib/dates.ts';
import { answerClientError, answerFrameworkError } from './plugins/client-errors.ts';
import { registerErrorHandling, registerJsonContentType } from './plugins/errors.ts';
import { registerInputGuards } from './plugins/input-guards.ts';
import { type DeclaredRoute, registerAccessControl } from './plugins/principal.ts';
import { serializeRequest } from './plugins/request-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbKind: DatabaseKind;
    config: Config;
  }
}

export interface BuildOptions {
  logger?: boolean;
}

const defaultWebDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(
  config: Config,
  database: { db: Kysely<Database>; kind: DatabaseKind },
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, serializers: { req: serializeRequest } },
    trustProxy: config.trustProxy,
    // strictNumbers is off on purpose: with it on, Ajv coerces '1e309' to Infinity after its range
    // checks ran on the string, so Infinity passed every bound. Off, the coerced number is checked.
    // JSON bodies cannot carry Infinity or NaN, and NaN fails the type check either way.
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: 'array',
        allErrors: false,
        strictNumbers: false,
        formats: scheduleFormats,
      },
    },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('config', config);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'connect-src': ["'self'", ...(config.corsOrigin ? [config.corsOrigin] : [])],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  if (config.corsOrigin) {
    await app.register(cors, {
      origin: config.corsOrigin,
      exposedHeaders: ['Location', 'ETag', HISTORY_ID_HEADER],
    });
  }
  // Counted after parsing, so limits can key on the user name in the body.
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
  registerErrorHandling(app);
  registerJsonContentType(app);
  registerInputGuards(app);
  // The GitHub callback page of existing clients posts its code form-encoded.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  await app.register(swagger, {
    openapi: {
      info: { title: 'Learning Platform API', version: '1.0.0' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: `${config.apiPrefix}/docs` });

  app.decorate('declaredRoutes', [] as DeclaredRoute[]);
  await app.register(
    async (api) => {
      registerAccessControl(api);
      for (const feature of features) await api.register(feature);
    },
    { prefix: config.apiPrefix },
  );

  await registerWebClient(app, config);
  return app;
}

/** Serves the built client with a history fallback; API paths keep their JSON 404. */
async function registerWebClient(app: FastifyInstance, config: Config) {
  const root = config.webDist ?? defaultWebDist;
  const hasClient = config.webDist !== '' && existsSync(resolve(root, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi =
      config.apiPrefix === '' ||
      path === config.apiPrefix ||
      path.startsWith(`${config.apiPrefix}/`);
    if (hasClient && request.method === 'GET' && !isApi) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ message: `No route for ${request.method} ${path}` });
  });
}
