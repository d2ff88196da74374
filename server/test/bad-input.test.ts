import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '../src/plugins/principal.ts';
import type { Caller } from '../src/plugins/route-rules.ts';
import { fingerprinter } from './bad-input/checksum.ts';
import { fieldName, fieldsOf, type Operation, openApiPath } from './bad-input/fields.ts';
import { fieldVariantsOf, type Variant, variantsOf } from './bad-input/variants.ts';
import type { TestContext } from './harness.ts';
import { jobsSettled } from './jobs.ts';
import { createRouteTestContext } from './route-requests/context.ts';
import {
  createWorld,
  type RouteRequest,
  routeRequests,
  send,
  type World,
} from './route-requests/index.ts';

// For every route of the OpenAPI document and every field: wrong types, missing, empty, 1 MB,
// deep nesting, non-finite and out-of-range numbers, NUL and control characters, unicode,
// SQL-looking text, impossible dates, non-JSON bodies and wrong content types. Sent by the
// cohort's coach, and also signed out (routes open to anyone) or by a learner (routes that
// serve learners).
// Never a 5xx; every refusal is {message} (a 400 for a bad field names it); after a refused
// write the database is exactly as before.

let ctx: TestContext;
let fingerprint: () => Promise<string>;
beforeAll(async () => {
  ctx = await createRouteTestContext();
  // A refused sign-in is counted on purpose: the failure limits live in the database.
  const ofData = await fingerprinter(ctx.db, ['sign_in_failures']);
  // Jobs queued by accepted requests change data when they run: the print waits for them.
  fingerprint = async () => {
    await jobsSettled(ctx.db);
    return ofData();
  };
});
afterAll(() => ctx.close());

const found = { serverErrors: [] as string[], changed: [] as string[], answers: [] as string[] };
let sent = 0;

function judge(variant: Variant, response: LightMyRequestResponse, where: string) {
  const status = response.statusCode;
  if (status >= 500) found.serverErrors.push(`${where} → ${status} ${response.body.slice(0, 160)}`);
  if (status < 400) {
    if (variant.mustRefuse) found.answers.push(`${where} → ${status}: accepted`);
    return;
  }
  const type = String(response.headers['content-type'] ?? '');
  const message: unknown = type.startsWith('application/json') ? response.json().message : null;
  if (typeof message !== 'string') {
    found.answers.push(`${where} → ${status} without {message}: ${response.body.slice(0, 80)}`);
  } else if (type !== 'application/json') {
    found.answers.push(`${where} → ${status} as '${type}', not 'application/json'`);
  } else if (status === 400 && variant.mustRefuse && variant.field) {
    if (!message.includes(fieldName(variant.field)))
      found.answers.push(`${where} → 400 not naming the field: ${message}`);
  }
}

/** Sends each refused write again between two fingerprints, to name the one that changed data. */
async function findChanges(route: DeclaredRoute, variants: Variant[], token: string | null) {
  for (const variant of variants) {
    const before = await fingerprint();
    const response = await send(ctx, route, variant.request, token);
    if (response.statusCode >= 400 && (await fingerprint()) !== before)
      found.changed.push(`${route.method} ${route.path} ${variant.label} → ${response.statusCode}`);
  }
}

/** Sends the requests one by one; the refused ones, to find out whether they changed data. */
async function sendEach(
  route: DeclaredRoute,
  caller: Caller,
  variants: Variant[],
  token: string | null,
) {
  const refused: Variant[] = [];
  for (const variant of variants) {
    const response = await send(ctx, route, variant.request, token);
    sent += 1;
    judge(variant, response, `${caller}: ${route.method} ${route.path} ${variant.label}`);
    if (response.statusCode >= 400) refused.push(variant);
  }
  return refused;
}

/**
 * Sends a batch of writes, starting from data fingerprinted as `before`, and returns the
 * fingerprint after it. The refused requests must have changed nothing: when some were accepted
 * (and changed data, as they may), the refused ones are sent again on their own.
 */
async function sendWrites(
  route: DeclaredRoute,
  caller: Caller,
  variants: Variant[],
  token: string | null,
  before: string,
) {
  const refused = await sendEach(route, caller, variants, token);
  const after = await fingerprint();
  if (refused.length === variants.length) {
    if (after !== before) await findChanges(route, refused, token);
    return after;
  }
  if (refused.length === 0) return after;
  for (const variant of refused) await send(ctx, route, variant.request, token);
  const again = await fingerprint();
  if (again !== after) await findChanges(route, refused, token);
  return again;
}

async function sendAll(route: DeclaredRoute, callers: Caller[], operation: Operation) {
  const build = routeRequests[`${route.method} ${route.path}`];
  if (!build) throw new Error(`No request for ${route.method} ${route.path}`);
  const read = route.method === 'GET';
  let world: World | null = null;
  let request: RouteRequest = {};
  for (const caller of callers) {
    // A read changes nothing, so its callers share a world; each writer gets a fresh one.
    if (!world || !read) {
      world = await createWorld(ctx);
      request = await build(world);
    }
    const fields = fieldsOf(operation, request.body);
    // Whole-body faults are refused before anyone asks who the caller is: the coach is enough.
    const variants =
      caller === 'coach'
        ? variantsOf(request, operation, fields)
        : fieldVariantsOf(request, fields);
    const token = world.token(caller);
    if (read) {
      await sendEach(route, caller, variants, token);
      continue;
    }
    // What must be refused goes first, in one batch that may change nothing at all.
    const mustRefuse = variants.filter((variant) => variant.mustRefuse);
    const others = variants.filter((variant) => !variant.mustRefuse);
    const afterRefusals = await sendWrites(route, caller, mustRefuse, token, await fingerprint());
    await sendWrites(route, caller, others, token, afterRefusals);
  }
}

describe('bad input', () => {
  it('never answers 5xx, always says why, and changes nothing when it refuses', async () => {
    const document = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const routes = ctx.app.declaredRoutes;
    for (const route of routes) {
      const path = `${ctx.config.apiPrefix}${openApiPath(route.path)}`;
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      if (!operation) throw new Error(`${route.method} ${path} is not in the OpenAPI document`);
      // Routes open to everyone are also tried signed out; routes that serve learners, by one.
      const callers: Caller[] = ['coach'];
      if (route.access === 'anyone') callers.push('anonymous');
      else if (route.expect.learner < 400) callers.push('learner');
      await sendAll(route, callers, operation);
    }
    console.log(
      `bad input: ${sent} requests over ${routes.length} routes, 5xx: ${found.serverErrors.length}, changed after refusal: ${found.changed.length}`,
    );
    for (const [what, list] of Object.entries(found))
      if (list.length > 0) console.log(`${what}:\n${list.join('\n')}`);
    expect(found.serverErrors).toEqual([]);
    expect(found.changed).toEqual([]);
    expect(found.answers).toEqual([]);
  }, 600_000);
});
