import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { BackupHealth } from './backup/schedule.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import type { Database } from './db/schema.ts';
import { DigestSchedule, FlagWatch } from './features/cohort-health/index.ts';
import { features } from './features/index.ts';
import { jobSteps } from './features/job-steps.ts';
import { JobWorker } from './jobs/worker.ts';
import { CachedReads } from './lib/cached-reads.ts';
import { type ChangeFeed, followChanges } from './lib/change-feed.ts';
import { scheduleFormats } from './lib/dates.ts';
import { inlineScriptHashes } from './lib/inline-scripts.ts';
import { answerClientError, answerFrameworkError } from './plugins/client-errors.ts';
import { registerErrorHandling, registerJsonContentType } from './plugins/errors.ts';
import { registerInputGuards } from './plugins/input-guards.ts';
import { lazySchemaCompilers } from './plugins/lazy-schema-compilers.ts';
import {
  type DeclaredRoute,
  registerAccessControl,
  type SignedInPerson,
} from './plugins/principal.ts';
import { OneLinePerRequest, serializeRequest } from './plugins/request-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbKind: DatabaseHandle['kind'];
    config: Config;
    /** What changed in the database, as this process hears it (lib/change-feed.ts). */
    changes: ChangeFeed;
    /** The database's notification channels (every process hears every commit), when it has them. */
    notifications: { listen: DatabaseHandle['listen'] | undefined };
    /** The automatic backups' last failure, shown to staff (features/profile). */
    backupHealth: BackupHealth;
    /** This process's worker of the durable job queue (server/src/jobs). */
    jobs: JobWorker;
  }
}

export interface BuildOptions {
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** How the automatic backups went (main.ts makes them); staff see a failure. */
  backupHealth?: BackupHealth;
  /**
   * Runs the server's timed work (the weekly cohort digest) from ready to close; main.ts does.
   * Tests leave it off, or pass a clock.
   */
  schedule?: { now?: () => Date };
}

const defaultWebDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(
  config: Config,
  database: { db: Kysely<Database>; kind: DatabaseHandle['kind'] } & Partial<
    Pick<DatabaseHandle, 'listen' | 'onCommittedWrite'>
  >,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: serializeRequest },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    logController: new OneLinePerRequest(),
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
    // Answers whose schema has anyOf are checked by the serializer's own Ajv: it needs the formats.
    serializerOpts: { ajv: { formats: scheduleFormats } },
    schemaController: { compilersFactory: lazySchemaCompilers },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('config', config);
  app.decorate('notifications', { listen: database.listen });
  app.decorate('backupHealth', options.backupHealth ?? new BackupHealth());
  // One listener on the change feed: every cache below follows it.
  const changes = await followChanges(database);
  app.decorate('changes', changes.feed);
  app.addHook('onClose', () => changes.stop());
  app.decorate('keptAnswers', new CachedReads(changes.feed));
  // Token checks are cached reads too: a sign-out or a deletion (any process's) changes `tokens`.
  const tokenChecks = new CachedReads<SignedInPerson | undefined>(changes.feed, 10_000);
  // Jobs start once the app is ready and stop before the database closes (main.ts, harness).
  const jobs = new JobWorker(app, jobSteps);
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start(database.listen));
  app.addHook('onClose', () => jobs.stop());

  const client = builtClient(config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        // The page's own inline script (light or dark before the first paint), by its hash.
        'script-src': ["'self'", ...(client ? inlineScriptHashes(client.page) : [])],
        'connect-src': ["'self'", ...(config.corsOrigin ? [config.corsOrigin] : [])],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  if (config.corsOrigin) {
    await app.register(cors, {
      origin: config.corsOrigin,
      exposedHeaders: ['Location', 'ETag', HISTORY_ID_HEADER],
      // Password sign-in sends and receives its device cookie (features/auth/device-cookies.ts)
      // from the client's origin. No other request is authorised by a cookie.
      credentials: true,
    });
  }
  // Answers over 1 KB (board, lists, OpenAPI document) compressed when the caller accepts it.
  // Registered before the routes: it hooks each route as it is declared. Files of the client
  // come compressed from the build and are sent as they are.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
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
      registerAccessControl(api, tokenChecks);
      for (const feature of features) await api.register(feature);
    },
    { prefix: config.apiPrefix },
  );

  if (options.schedule) {
    const digest = new DigestSchedule(app, options.schedule.now);
    app.addHook('onReady', async () => digest.start());
    app.addHook('onClose', () => digest.stop());
    const flags = new FlagWatch(app);
    app.addHook('onReady', async () => flags.start());
    app.addHook('onClose', () => flags.stop());
  }

  await registerWebClient(app, config, client);
  return app;
}

interface BuiltClient {
  root: string;
  /** Its index.html. */
  page: string;
}

/** The built client, when there is one to serve. */
function builtClient(config: Config): BuiltClient | null {
  if (config.webDist === '') return null;
  const root = config.webDist ?? defaultWebDist;
  const index = resolve(root, 'index.html');
  return existsSync(index) ? { root, page: readFileSync(index, 'utf8') } : null;
}

/**
 * Serves the built client with a history fallback; API paths keep their JSON 404.
 * The build writes brotli and gzip copies beside each file (web/build/precompress.ts), sent as
 * they are. Files under assets/ carry a content hash in their names, so browsers keep them for
 * good; every other file (index.html above all, which names the current assets) is revalidated.
 */
async function registerWebClient(app: FastifyInstance, config: Config, client: BuiltClient | null) {
  if (client) {
    const { root } = client;
    const assets = `assets${sep}`;
    await app.register(fastifyStatic, {
      root,
      // One route for every file: a route per file (two, with HEAD) cost a restart about 80 ms
      // of setting up the router, for no faster answer. A path with no file falls through to
      // the not-found handler below.
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      // The build's own files (its sources' fingerprint) are not the client's.
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders(reply, path) {
        const hashed = relative(root, path).startsWith(assets);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi =
      config.apiPrefix === '' ||
      path === config.apiPrefix ||
      path.startsWith(`${config.apiPrefix}/`);
    if (client && request.method === 'GET' && !isApi) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ message: `No route for ${request.method} ${path}` });
  });
}
