import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeclaredRoute, registerAccessControl } from '../src/plugins/principal.ts';
import { CALLERS, type Caller, type Expectation } from '../src/plugins/route-rules.ts';
import type { TestContext } from './harness.ts';
import { jobsSettled } from './jobs.ts';
import { createRouteTestContext } from './route-requests/context.ts';
import {
  bodyVariants,
  createWorld,
  type RequestBuilder,
  routeRequests,
  send,
} from './route-requests/index.ts';

// Every registered API route × every kind of caller: each route's valid request, made in a fresh
// world, must get the answer the route declares (`config.expect`) for that caller. Where a rule
// reads the body (which status, which learner or cohort it names), each variant of the body
// (route-requests/body-variants.ts) gets those answers but where the variant says otherwise.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createRouteTestContext();
});
afterAll(() => ctx.close());

const keyOf = (route: DeclaredRoute) => `${route.method} ${route.path}`;

const auditRows = async () =>
  (
    await ctx.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

/** What is checked: a route's request (or one of its body variants) and each caller's answer. */
interface Check {
  /** 'METHOD /path', with the variant's name. */
  label: string;
  expect: Expectation;
}

function compare(check: Check, caller: Caller, response: LightMyRequestResponse) {
  const expected = check.expect[caller];
  const where = `${check.label} as ${caller}`;
  if (response.statusCode !== expected)
    return [
      `${where}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 200)}`,
    ];
  if (response.statusCode < 400) return [];
  const body = response.headers['content-type'] === 'application/json' ? response.json() : null;
  return typeof body?.message === 'string' ? [] : [`${where}: a refusal without {message}`];
}

/**
 * Checks one route for every caller. The callers it refuses share one world and must leave it
 * unchanged (no audit row); every caller it serves gets a fresh world, as a success may change
 * it, except on reads, where all callers share one.
 */
async function checkRoute(
  route: DeclaredRoute,
  build: RequestBuilder,
  check: Check = { label: keyOf(route), expect: route.expect },
): Promise<string[]> {
  const problems: string[] = [];
  const read = route.method === 'GET';
  const sharing = CALLERS.filter((caller) => read || check.expect[caller] >= 400);
  if (sharing.length > 0) {
    const world = await createWorld(ctx);
    const request = await build(world);
    // Jobs queued by earlier requests write their own audit rows when they run.
    await jobsSettled(ctx.db);
    const before = await auditRows();
    for (const caller of sharing)
      problems.push(
        ...compare(check, caller, await send(ctx, route, request, world.token(caller))),
      );
    if ((await auditRows()) !== before)
      problems.push(`${check.label}: ${read ? 'a read' : 'a refused caller'} wrote an audit row`);
  }
  for (const caller of CALLERS.filter((each) => !sharing.includes(each))) {
    const world = await createWorld(ctx);
    const response = await send(ctx, route, await build(world), world.token(caller));
    problems.push(...compare(check, caller, response));
  }
  return problems;
}

describe('authorization matrix', () => {
  it('answers every route as declared for anonymous, learner, other learner, staff and coach', async () => {
    const routes = ctx.app.declaredRoutes;
    const keys = new Set(routes.map(keyOf));
    const withoutRequest = [...keys].filter((key) => !routeRequests[key]);
    const requestsWithoutRoute = Object.keys(routeRequests).filter((key) => !keys.has(key));

    const mismatches: string[] = [];
    for (const route of routes) {
      const build = routeRequests[keyOf(route)];
      if (build) mismatches.push(...(await checkRoute(route, build)));
    }
    const checks = routes.length * CALLERS.length;
    console.log(
      `authorization matrix: ${routes.length} routes × ${CALLERS.length} callers = ${checks} checks, mismatches: ${mismatches.length}`,
    );
    expect(routes.length).toBeGreaterThan(100);
    expect(withoutRequest, 'routes without a request builder').toEqual([]);
    expect(requestsWithoutRoute, 'request builders of routes that do not exist').toEqual([]);
    expect(mismatches).toEqual([]);
  }, 300_000);
});

describe('authorization matrix of body variants', () => {
  it('answers each body a rule reads (a status, a learner, a cohort) as the rule says', async () => {
    const routes = new Map(ctx.app.declaredRoutes.map((route) => [keyOf(route), route]));
    const mismatches: string[] = [];
    let checked = 0;
    for (const [key, variants] of Object.entries(bodyVariants)) {
      const route = routes.get(key);
      if (!route) {
        mismatches.push(`${key}: body variants of a route that does not exist`);
        continue;
      }
      for (const variant of variants) {
        const check = {
          label: `${key} (${variant.name})`,
          expect: { ...route.expect, ...variant.expect },
        };
        mismatches.push(...(await checkRoute(route, variant.build, check)));
        checked += 1;
      }
    }
    console.log(
      `authorization matrix of body variants: ${checked} requests × ${CALLERS.length} callers, mismatches: ${mismatches.length}`,
    );
    expect(checked).toBeGreaterThan(0);
    expect(mismatches).toEqual([]);
  }, 300_000);
});

describe('route declarations', () => {
  it('refuses to start when a route does not declare what each caller gets', async () => {
    const app = Fastify();
    app.decorate('declaredRoutes', []);
    app.register(async (api) => {
      registerAccessControl(api);
      api.get('/undeclared', { config: { access: 'staff' } }, async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(
      'Route GET /undeclared does not declare config.expect',
    );
  });
});
