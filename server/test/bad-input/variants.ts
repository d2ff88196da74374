import type { RouteRequest } from '../route-requests/index.ts';
import { type BadValue, badValuesFor, mustRefuse } from './bad-values.ts';
import { describeField, type Field, kindsOf, type Operation } from './fields.ts';

/** One bad request: a valid request with one thing spoiled. */
export interface Variant {
  label: string;
  request: RouteRequest;
  /** The field it spoils; a 400 must name it. */
  field: Field | null;
  /** A server that checks its input refuses it (4xx). */
  mustRefuse: boolean;
}

const MARKER = '\u0001raw\u0001';
const ONE_MB = 'x'.repeat(1_000_000);
const OVER_ONE_MIB = JSON.stringify({ padding: 'x'.repeat(1_100_000) });
const NESTED_DEEP = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;

function withBodyValue(request: RouteRequest, path: string[], value: unknown, remove: boolean) {
  const body = structuredClone(request.body ?? {}) as Record<string, unknown>;
  let target = body;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = path[path.length - 1] as string;
  if (remove) delete target[last];
  else target[last] = value;
  return body;
}

/** The request with the field set to the bad value, or without the field. */
function spoil(request: RouteRequest, field: Field, bad: BadValue | null): RouteRequest {
  const name = field.path[0] as string;
  if (field.location === 'body') {
    const value = bad?.rawJson !== undefined ? MARKER : bad?.value;
    const body = withBodyValue(request, field.path, value, bad === null);
    if (bad?.rawJson === undefined) return { ...request, body };
    const rawBody = JSON.stringify(body).replace(JSON.stringify(MARKER), bad.rawJson);
    return {
      ...request,
      body: undefined,
      rawBody,
      headers: { 'content-type': 'application/json' },
    };
  }
  const key = field.location === 'path' ? 'params' : 'query';
  const values: Record<string, string | string[]> = { ...request[key] } as Record<string, string>;
  if (bad === null) delete values[name];
  else {
    const text = typeof bad.value === 'object' ? JSON.stringify(bad.value) : String(bad.value);
    values[name] = Array.isArray(bad.value) ? bad.value.map(String) : text;
  }
  return { ...request, [key]: values };
}

function fieldVariants(request: RouteRequest, field: Field): Variant[] {
  const variants = badValuesFor(field).map((bad) => ({
    label: `${describeField(field)} = ${bad.label}`,
    request: spoil(request, field, bad),
    field,
    mustRefuse: mustRefuse(field, bad),
  }));
  if (field.required && field.location !== 'path')
    variants.push({
      label: `${describeField(field)} missing`,
      request: spoil(request, field, null),
      field,
      mustRefuse: true,
    });
  return variants;
}

/** A 1 MB string, once per route: in its first text field, else in an unknown query field. */
function oneMegabyte(request: RouteRequest, fields: Field[]): Variant {
  const field = fields.find((each) => kindsOf(each.schema).has('string')) ?? fields[0];
  const bad: BadValue = { label: '1 MB string', value: ONE_MB, wrongFor: [] };
  if (!field)
    return {
      label: 'query.padding = 1 MB string',
      request: { ...request, query: { ...request.query, padding: ONE_MB } },
      field: null,
      mustRefuse: false,
    };
  return {
    label: `${describeField(field)} = 1 MB string`,
    request: spoil(request, field, bad),
    field,
    mustRefuse: mustRefuse(field, bad),
  };
}

function bodyVariant(request: RouteRequest, label: string, rawBody: string, type: string) {
  return {
    label: `body: ${label}`,
    request: { ...request, body: undefined, rawBody, headers: { 'content-type': type } },
    field: null,
  };
}

/** Whole-body faults: not JSON, wrong content types, wrong shapes, too deep, too large. */
function bodyVariants(request: RouteRequest, operation: Operation): Variant[] {
  const json = 'application/json';
  const text = JSON.stringify(request.body ?? {});
  const refused = [
    bodyVariant(request, 'not JSON', '{"name": "unterminated', json),
    bodyVariant(request, 'as text/plain', text, 'text/plain'),
    bodyVariant(request, 'as XML', '<name>x</name>', 'application/xml'),
    bodyVariant(request, 'a JSON array', '[]', json),
    bodyVariant(request, 'a JSON string', '"text"', json),
    bodyVariant(request, 'nested 10000 deep', NESTED_DEEP, json),
    bodyVariant(request, 'over 1 MiB', OVER_ONE_MIB, json),
  ].map((variant) => ({ ...variant, mustRefuse: true }));
  const maybe = [
    bodyVariant(request, 'null', 'null', json),
    bodyVariant(request, 'empty with a JSON content type', '', json),
    bodyVariant(request, 'form-encoded', 'name=x&id=1', 'application/x-www-form-urlencoded'),
    bodyVariant(request, 'prototype keys', '{"__proto__": {"isStaff": true}}', json),
  ].map((variant) => ({ ...variant, mustRefuse: false }));
  return operation.requestBody ? [...refused, ...maybe] : [];
}

/** Routes without a body still meet clients that send a JSON content type, or a stray body. */
function strayBodyVariants(request: RouteRequest, operation: Operation): Variant[] {
  if (operation.requestBody) return [];
  return [
    bodyVariant(request, 'empty with a JSON content type', '', 'application/json'),
    bodyVariant(request, 'unexpected JSON', '{"id": 1}', 'application/json'),
    bodyVariant(request, 'unexpected text', 'hello', 'text/plain'),
  ].map((variant) => ({ ...variant, mustRefuse: false }));
}

/** The bad requests of a route that spoil one field each. */
export function fieldVariantsOf(request: RouteRequest, fields: Field[]): Variant[] {
  return fields.flatMap((field) => fieldVariants(request, field));
}

/** Every bad request of a route, built from its valid request and its OpenAPI operation. */
export function variantsOf(
  request: RouteRequest,
  operation: Operation,
  fields: Field[],
): Variant[] {
  return [
    ...fieldVariantsOf(request, fields),
    oneMegabyte(request, fields),
    ...bodyVariants(request, operation),
    ...strayBodyVariants(request, operation),
  ];
}
