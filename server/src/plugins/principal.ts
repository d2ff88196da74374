import type { ApiTokenScope } from '@lp/contract/api-tokens';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CachedReads } from '../lib/cached-reads.ts';
import { ChangeFeed } from '../lib/change-feed.ts';
import { forbidden, HttpError, unauthorized } from '../lib/http-errors.ts';
import { sha256 } from '../lib/secrets.ts';
import {
  API_TOKEN_PREFIX,
  findApiTokenHolder,
  personColumns,
  personOf,
  recordApiTokenUse,
  refuseBeyondApiToken,
} from './api-token-callers.ts';
import {
  type Access,
  declaresEveryCaller,
  type Expectation,
  type RouteRule,
} from './route-rules.ts';

export interface SignedInPerson {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  isStaff: boolean;
  /** The browser session's token; 0 for an API token, which session-only routes refuse. */
  tokenId: number;
  /** Set when the request came with an API token (features/api-tokens). */
  apiToken?: { id: number; scope: ApiTokenScope };
}

/** A registered API route with its declared rule, as the route-table tests walk them. */
export interface DeclaredRoute extends RouteRule {
  method: string;
  /** The path without the API prefix, as the route file writes it ('/students/:id'). */
  path: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Token checks, kept while `tokens` and `people` are unchanged (decorated in app.ts). */
    tokenChecks: CachedReads<SignedInPerson | undefined>;
    /** Every API route and its rule, filled as routes register (decorated in app.ts). */
    declaredRoutes: DeclaredRoute[];
  }
  interface FastifyRequest {
    person: SignedInPerson | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    expect?: Expectation;
    /**
     * How a caller who sends no Authorization header is identified on this route, instead of as
     * anonymous: the live stream's single-use ticket (a browser's EventSource sends no headers).
     */
    identifyWithoutHeader?: (request: FastifyRequest) => Promise<SignedInPerson | null>;
    /** Refused to API tokens: managing tokens, signing out, live streams. */
    sessionOnly?: boolean;
  }
}

/** A request of a route declared `signed-in` or `staff`, as its handler receives it. */
interface SignedInRouteRequest {
  person: SignedInPerson | null;
  routeOptions: { config: { access?: 'signed-in' | 'staff' } };
}

/**
 * The caller of a route declared `signed-in` or `staff`. The access hook below has already
 * answered 401 to an anonymous caller and 403 to a learner on a staff route, so this is the only
 * check a handler makes; it does not compile on an `anyone` route, whose caller may be anonymous
 * (read `request.person` there).
 */
export function callerOf(request: SignedInRouteRequest): SignedInPerson {
  // Never true: the hook refused the anonymous caller before the handler ran.
  if (!request.person) throw unauthorized();
  return request.person;
}

const TOKEN_CHECK_KEPT_MS = 1000;

/**
 * The caller a request's Authorization header names: in the same turn when its token check is
 * kept (most requests), else once the check has read the database.
 */
function identify(
  app: FastifyInstance,
  header: string | undefined,
): SignedInPerson | null | Promise<SignedInPerson | null> {
  if (!header) return null;
  const [scheme, key, extra] = header.trim().split(/\s+/);
  const kind = scheme?.toLowerCase();
  // Another scheme is not ours to judge: the caller is anonymous, as the existing API does. So is
  // a bearer credential that is no API token (the Foundations upload secret travels as one).
  if (kind !== 'token' && !(kind === 'bearer' && key?.startsWith(API_TOKEN_PREFIX))) return null;
  if (!key || extra !== undefined) throw unauthorized('Invalid token header.');
  const hash = sha256(key);
  const checkKey = `${kind} ${hash}`;
  const known = (person: SignedInPerson | undefined) => {
    if (person) return person;
    const challenge = kind === 'token' ? 'Token' : 'Bearer';
    throw new HttpError(401, 'Invalid token.', { 'www-authenticate': challenge });
  };
  const kept = app.tokenChecks.kept(checkKey);
  if (kept) return known(kept.value);
  // Remembered a second at most: a token also stops being good when it expires.
  return app.tokenChecks
    .read(
      checkKey,
      () => (kind === 'token' ? findSignedIn(app, hash) : findApiTokenHolder(app, hash)),
      (startedAt) => startedAt + TOKEN_CHECK_KEPT_MS,
    )
    .then(known);
}

/** The person whose live token has this hash, or undefined. */
async function findSignedIn(
  app: FastifyInstance,
  hash: string,
): Promise<SignedInPerson | undefined> {
  const row = await app.db
    .selectFrom('tokens')
    .innerJoin('people', 'people.id', 'tokens.person_id')
    .select(['tokens.id as token_id', ...personColumns])
    .where('tokens.token_hash', '=', hash)
    .where('tokens.revoked_at', 'is', null)
    .where('tokens.expires_at', '>', new Date())
    .where('people.is_active', '=', true)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...personOf(row), tokenId: row.token_id };
}

/** Installs identification and access checks on the API scope; call it before the features. */
export function registerAccessControl(
  api: FastifyInstance,
  // Without the app's feed, nothing is kept: every request checks its token.
  tokenChecks = new CachedReads<SignedInPerson | undefined>(new ChangeFeed()),
) {
  api.decorate('tokenChecks', tokenChecks);
  api.decorateRequest('person', null);

  // A route without a declared access rule, or without the answer each kind of caller gets, is a
  // programming error: refuse to start.
  api.addHook('onRoute', (route) => {
    const config = route.config as Partial<RouteRule> | undefined;
    if (!config?.access)
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    if (!config.expect || !declaresEveryCaller(config.expect))
      throw new Error(`Route ${route.method} ${route.url} does not declare config.expect`);
    // HEAD routes are Fastify's copies of GET routes.
    if (route.method === 'HEAD') return;
    api.declaredRoutes.push({
      method: String(route.method),
      path: route.url.slice(api.prefix.length) || '/',
      access: config.access,
      expect: config.expect,
    });
  });

  // Callback hooks, not async ones: a request whose token check is kept goes on in the same turn.
  api.addHook('onRequest', (request, _reply, done) => {
    const { identifyWithoutHeader } = request.routeOptions.config;
    const header = request.headers.authorization;
    const admit = (person: SignedInPerson | null) => {
      request.person = person;
      admitCaller(request, person);
    };
    try {
      const caller =
        header === undefined && identifyWithoutHeader
          ? identifyWithoutHeader(request)
          : identify(api, header);
      if (!(caller instanceof Promise)) {
        admit(caller);
        done();
        return;
      }
      caller.then(admit).then(() => done(), done);
    } catch (error) {
      done(error as Error);
    }
  });
  // Recorded before the answer leaves, so a caller who lists a token's uses next sees this one.
  api.addHook('onSend', (request, reply, payload, done) => {
    const token = request.person?.apiToken;
    if (!token) {
      done(null, payload);
      return;
    }
    void recordApiTokenUse(api, token.id, request, reply.statusCode).then(() =>
      done(null, payload),
    );
  });
}

/**
 * The route's access, checked here once: handlers and services do not repeat it. (An unmatched
 * URL has no access rule: it answers 404 to everyone.)
 */
function admitCaller(request: FastifyRequest, person: SignedInPerson | null) {
  if (person?.apiToken) refuseBeyondApiToken(person.apiToken.scope, request);
  const { access } = request.routeOptions.config;
  if (access !== 'signed-in' && access !== 'staff') return;
  if (!person) throw unauthorized();
  if (access === 'staff' && !person.isStaff) throw forbidden();
}
