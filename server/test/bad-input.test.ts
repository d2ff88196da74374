import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '../src/plugins/principal.ts';
import type { Caller } from '../src/plugins/route-rules.ts';
import { fingerprinter } from './bad-input/checksum.ts';
import { fieldName, fieldsOf, type Operation, openApiPath } from './bad-input/fields.ts';
import { fieldVariantsOf, type Variant, variantsOf } from './bad-input/variants.ts';
import type { TestContext } from './harness.ts';
import { createRouteTestContext } from './route-requests/context.ts';
import { createWorld, routeRequests, send } from './route-requests/index.ts';

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
  fingerprint = await fingerprinter(ctx.db);
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
  const json = response.headers['content-type'] === 'application/json';
  const message: unknown = json ? response.json().message : undefined;
  if (typeof message !== 'string') {
    found.answers.push(`${where} → ${status} without {message}: ${response.body.slice(0, 80)}`);
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

/**
 * Sends a batch; for a write route, checks that the refused requests changed nothing. When some
 * were accepted (and changed data as they may), the refused ones are sent again on their own.
 */
async function sendBatch(
  route: DeclaredRoute,
  caller: Caller,
  variants: Variant[],
  token: string | null,
) {
  const write = route.method !== 'GET';
  const before = write ? await fingerprint() : '';
  const refused: Variant[] = [];
  for (const variant of variants) {
    const response = await send(ctx, route, variant.request, token);
    sent += 1;
    judge(variant, response, `${caller}: ${route.method} ${route.path} ${variant.label}`);
    if (response.statusCode >= 400) refused.push(variant);
  }
  if (!write || refused.length === 0) return;
  if (refused.length === variants.length) {
    if ((await fingerprint()) !== before) await findChanges(route, refused, token);
    return;
  }
  const again = await fingerprint();
  for (const variant of refused) await send(ctx, route, variant.request, token);
  if ((await fingerprint()) !== again) await findChanges(route, refused, token);
}

async function sendAll(route: DeclaredRoute, caller: Caller, operation: Operation) {
  const build = routeRequests[`${route.method} ${route.path}`];
  if (!build) throw new Error(`No request for ${route.method} ${route.path}`);
  const world = await createWorld(ctx);
  const request = await build(world);
  const fields = fieldsOf(operation, request.body);
  // Whole-body faults are refused before anyone is asked who the caller is: the coach is enough.
  const variants =
    caller === 'coach' ? variantsOf(request, operation, fields) : fieldVariantsOf(request, fields);
  const token = world.token(caller);
  // What must be refused goes first, in one batch that may change nothing at all.
  await sendBatch(
    route,
    caller,
    variants.filter((variant) => variant.mustRefuse),
    token,
  );
  await sendBatch(
    route,
    caller,
    variants.filter((variant) => !variant.mustRefuse),
    token,
  );
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
      for (const caller of callers) await sendAll(route, caller, operation);
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
