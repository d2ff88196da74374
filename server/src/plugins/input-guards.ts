import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/http-errors.ts';

/**
 * Input rules that hold for every route, so no route can forget them:
 * - every number a request may carry is bounded (PostgreSQL refuses Infinity and out-of-range
 *   integers; the schema must refuse them first, naming the field);
 * - no text carries a NUL character (PostgreSQL cannot store one); a body kept as bytes is
 *   left to the route that reads it;
 * - `Content-Type: application/json` with no body is a request without a body.
 */
export function registerInputGuards(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    for (const part of ['params', 'querystring', 'body'] as const) {
      const unbounded = findUnboundedNumber(schema?.[part], part);
      if (unbounded) {
        throw new Error(
          `Route ${String(route.method)} ${route.url}: ${unbounded} is a number without minimum and maximum`,
        );
      }
    }
  });

  app.addHook('preValidation', async (request) => {
    const field = findNul(request);
    if (field) throw badRequest(`${field} must not contain NUL characters`);
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

type Json = unknown;

/** The path of the first number schema with no finite bounds on both sides, if any. */
function findUnboundedNumber(schema: Json, path: string): string | null {
  if (!schema || typeof schema !== 'object') return null;
  const node = schema as Record<string, Json>;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('integer') || types.includes('number')) {
    const bounded =
      (typeof node.maximum === 'number' || typeof node.exclusiveMaximum === 'number') &&
      (typeof node.minimum === 'number' || typeof node.exclusiveMinimum === 'number');
    if (!bounded) return path;
  }
  const properties = (node.properties ?? {}) as Record<string, Json>;
  for (const [name, child] of Object.entries(properties)) {
    const found = findUnboundedNumber(child, `${path}.${name}`);
    if (found) return found;
  }
  for (const key of ['items', 'additionalProperties', 'not'] as const) {
    const found = findUnboundedNumber(node[key], `${path}[]`);
    if (found) return found;
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = node[key];
    if (!Array.isArray(options)) continue;
    for (const option of options) {
      const found = findUnboundedNumber(option, path);
      if (found) return found;
    }
  }
  return null;
}

/** The name of the first request field whose text holds a NUL character, if any. */
function findNul(request: FastifyRequest): string | null {
  return (
    scan(request.params, 'params') ??
    scan(request.query, 'querystring') ??
    scan(request.body, 'body') ??
    null
  );
}

function scan(value: Json, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // A body kept as bytes (a roster file) is no text yet: what reads it checks the text it makes.
  if (ArrayBuffer.isView(value)) return null;
  // Deeper structures are refused by the schemas; the scan need not walk them.
  if (!value || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = scan(value[index], `${path}.${index}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${path}.${key.replaceAll('\u0000', '\\0')}`;
    const found = scan(child, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}
