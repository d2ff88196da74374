import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLearner } from './factories.ts';
import { createTestContext, type TestContext } from './harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('identification and access', () => {
  it('treats a missing header as anonymous and `Token none` as 401', async () => {
    const anonymous = await ctx.request({ method: 'GET', url: '/api/health' });
    expect(anonymous.statusCode).toBe(200);
    const none = await ctx.request({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: 'Token none' },
    });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe('Invalid token.');
  });

  it('answers 401 to anonymous callers of signed-in routes', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/profile' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to a learner calling a staff route', async () => {
    const learner = await createLearner(ctx.db);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/users',
      token: learner.token,
      payload: {},
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers health with the database kind and an exact JSON content type', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'embedded',
    });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('/api/nowhere');
  });

  it('serves the OpenAPI document', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/profile');
  });

  it('documents the history entry header of every undoable change', async () => {
    const { paths } = (await ctx.request({ method: 'GET', url: '/api/docs/json' })).json();
    const headerOf = (path: string, method: string, status: string) =>
      paths[path]?.[method]?.responses?.[status]?.headers?.['history-id']?.schema;
    expect(headerOf('/api/students/{id}/project', 'post', '201')).toEqual({ type: 'integer' });
    expect(headerOf('/api/notes/{id}', 'delete', '204')).toEqual({ type: 'integer' });
    expect(headerOf('/api/tags', 'post', '201')).toBeUndefined();
  });
});
