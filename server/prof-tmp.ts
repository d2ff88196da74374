import { fingerprinter } from './test/bad-input/checksum.ts';
import { fieldsOf, openApiPath, type Operation } from './test/bad-input/fields.ts';
import { fieldVariantsOf, variantsOf } from './test/bad-input/variants.ts';
import { createRouteTestContext } from './test/route-requests/context.ts';
import { createWorld, routeRequests, send } from './test/route-requests/index.ts';
const ctx = await createRouteTestContext();
const fp = await fingerprinter(ctx.db, ['sign_in_failures']);
const document = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
const t0 = performance.now();
const T = new Map<string, number>();
const tick = (k: string, t: number) => T.set(k, (T.get(k) ?? 0) + performance.now() - t);
for (const route of ctx.app.declaredRoutes) {
  const operation = document.paths[`/api${openApiPath(route.path)}`]![route.method.toLowerCase()]!;
  const callers = ['coach', ...(route.access === 'anyone' ? ['anonymous'] : route.expect.learner < 400 ? ['learner'] : [])] as const;
  for (const caller of callers) {
    let t = performance.now();
    const world = await createWorld(ctx);
    const request = await routeRequests[`${route.method} ${route.path}`]!(world);
    tick('world', t);
    const fields = fieldsOf(operation, request.body);
    t = performance.now();
    const variants = caller === 'coach' ? variantsOf(request, operation, fields) : fieldVariantsOf(request, fields);
    tick('variants', t);
    t = performance.now(); await fp(); await fp(); await fp(); tick('fp x3', t);
    for (const v of variants) { t = performance.now(); const r = await send(ctx, route, v.request, world.token(caller as 'coach')); tick(r.statusCode < 400 ? 'accepted' : 'refused', t); tick(`R ${route.method} ${route.path}`, t); }
  }
}
console.log(performance.now() - t0);
console.log([...T].sort((a,b)=>b[1]-a[1]).slice(0,25).map(([k,v])=>`${Math.round(v)} ${k}`).join('\n'));
await ctx.close();
