import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCohort, createLearner, createStaff, enrol } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { registerErrorHandling } from './errors.ts';
import { registerInputGuards } from './input-guards.ts';

let ctx: TestContext;
let staff: { id: number; token: string };
let learner: { id: number; token: string };
let cohortId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
  learner = await createLearner(ctx.db);
  cohortId = (await createCohort(ctx.db)).id;
  await enrol(ctx.db, cohortId, learner.id);
});
afterAll(() => ctx.close());

const nineHundredDigits = '9'.repeat(309);

describe('numbers that are not finite or too large', () => {
  it.each([
    ['/api/courses/1e309', 'params.id', 'learner'],
    ['/api/courses/Infinity', 'params.id', 'learner'],
    ['/api/courses/-Infinity', 'params.id', 'learner'],
    ['/api/courses/NaN', 'params.id', 'learner'],
    ['/api/capstones?cohortId=1e309', 'querystring.cohortId', 'learner'],
    ['/api/students?cohort=1e309', 'querystring.cohort', 'staff'],
    [`/api/students?cohort=${nineHundredDigits}`, 'querystring.cohort', 'staff'],
    ['/api/cohorts?limit=1e309', 'querystring.limit', 'staff'],
  ])('GET %s answers 400 naming %s (%s)', async (url, field, role) => {
    const token = role === 'staff' ? staff.token : learner.token;
    const response = await ctx.request({ method: 'GET', url, token });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
  });

  it('refuses a JSON number that overflows to Infinity, naming the field', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: `/api/students/${learner.id}/project`,
      token: staff.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"projectId": 1e309}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('body.projectId');
  });

  it('answers a path segment too long for any id with 414 and a message', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: `/api/courses/${nineHundredDigits}`,
      token: staff.token,
    });
    expect(response.statusCode).toBe(414);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.json()).toEqual({ message: 'The request URL is too long.' });
  });

  it('refuses to start a route whose request number has no bounds', async () => {
    const app = Fastify();
    registerInputGuards(app);
    const declare = () =>
      app.get('/open', { schema: { querystring: Type.Object({ n: Type.Integer() }) } }, () => '');
    expect(declare).toThrow('querystring.n is a number without minimum');
  });
});

describe('NUL characters in text', () => {
  it('answers 400 naming the field, for anonymous callers too', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/accounts/verify',
      payload: { username: 'in\u0000truder', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('body.username must not contain NUL characters');
  });

  it.each([
    [
      'PUT',
      '/api/profile/change',
      'body.firstName',
      () => ({ firstName: 'A\u0000', lastName: 'B' }),
    ],
    ['POST', '/api/tags', 'body.name', () => ({ name: 'x\u0000y' })],
    [
      'POST',
      '/api/notes',
      'body.note',
      () => ({ note: 'a\u0000', studentId: learner.id, type: 2 }),
    ],
    ['POST', '/api/courses', 'body.name', () => ({ name: '\u0000' })],
  ] as const)('%s %s answers 400 naming %s', async (method, url, field, payload) => {
    const response = await ctx.request({ method, url, payload: payload(), token: staff.token });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`${field} must not contain NUL characters`);
  });

  it('refuses a NUL in a query string', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: `/api/students?cohort=${cohortId}&q=ab%00c`,
      token: staff.token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('querystring.q must not contain NUL characters');
  });

  it('maps any data exception PostgreSQL still raises to 400, as a backstop', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/broken', async () => {
      throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
        code: '22021',
      });
    });
    const response = await app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Invalid value');
  });
});

describe('JSON content type without a body', () => {
  it('is a request without a body on DELETE', async () => {
    const response = await ctx.request({
      method: 'DELETE',
      url: '/api/courses/999999',
      token: staff.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('is a request without a body on a body-less POST', async () => {
    const person = await createStaff(ctx.db);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/logout',
      token: person.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
  });

  it('still names the body when a route needs one', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/tags',
      token: staff.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^body/);
  });

  it('still refuses JSON that is not JSON, and prototype poisoning', async () => {
    for (const payload of ['{"name": ', '{"__proto__": {"x": 1}}']) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/tags',
        token: staff.token,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
  });
});

describe('answers to requests too large', () => {
  it('413 carries the API error body', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/tags',
      token: staff.token,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2_000_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(Object.keys(response.json())).toEqual(['message']);
  });
});
