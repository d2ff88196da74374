import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLearner, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
});
afterAll(() => ctx.close());

const canvas = {
  name: 'Canvas',
  issuer: 'https://canvas.instructure.com',
  client_id: '10000000000001',
  authorization_endpoint: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
  token_endpoint: 'https://sso.canvaslms.com/login/oauth2/token',
  jwks_url: 'https://sso.canvaslms.com/api/lti/security/jwks',
  deployment_ids: ['1:abc'],
};

const as = (token: string) => ({
  get: (url: string) => ctx.request({ method: 'GET', url: `/api${url}`, token }),
  post: (url: string, payload?: object) =>
    ctx.request({ method: 'POST', url: `/api${url}`, token, ...(payload ? { payload } : {}) }),
  del: (url: string) => ctx.request({ method: 'DELETE', url: `/api${url}`, token }),
});

describe('LMS platforms', () => {
  it('are registered, listed, deleted and restored by staff', async () => {
    const api = as(staff.token);
    const made = await api.post('/lti/platforms', canvas);
    expect(made.statusCode).toBe(201);
    const { id } = made.json();
    expect((await api.get('/lti/platforms')).json()).toEqual([
      expect.objectContaining({ id, name: 'Canvas', deployment_ids: ['1:abc'], deleted_at: null }),
    ]);
    const twice = await api.post('/lti/platforms', { ...canvas, name: 'Canvas again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('is registered');

    expect((await api.del(`/lti/platforms/${id}`)).json().deleted_at).not.toBeNull();
    expect((await api.get('/lti/platforms')).json()).toEqual([]);
    expect((await api.post(`/lti/platforms/${id}/restore`)).json().deleted_at).toBeNull();
    expect((await api.get('/lti/platforms')).json()).toHaveLength(1);
  });

  it('refuses a field that is not an http(s) URL, naming it', async () => {
    const response = await as(staff.token).post('/lti/platforms', {
      ...canvas,
      client_id: 'other',
      jwks_url: 'javascript:alert(1)',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('jwks_url');
  });

  it('are staff work', async () => {
    const learner = await createLearner(ctx.db);
    expect((await as(learner.token).get('/lti/platforms')).statusCode).toBe(403);
  });
});

describe("the tool's keys", () => {
  it('are published as a JWKS, and a rotation keeps the old key published', async () => {
    const api = as(staff.token);
    const tool = (await api.get('/lti/tool')).json();
    expect(tool).toMatchObject({
      login_url: `${ctx.config.publicUrl}/api/lti/login`,
      launch_url: `${ctx.config.publicUrl}/api/lti/launch`,
      jwks_url: `${ctx.config.publicUrl}/api/lti/jwks`,
    });
    expect(tool.keys).toHaveLength(1);
    const [first] = tool.keys;

    const jwks = (await ctx.request({ method: 'GET', url: '/api/lti/jwks' })).json();
    expect(jwks.keys).toEqual([
      expect.objectContaining({ kid: first.kid, kty: 'RSA', alg: 'RS256', use: 'sig' }),
    ]);
    // Only the public half is published.
    expect(jwks.keys[0]).not.toHaveProperty('d');

    const rotated = (await api.post('/lti/tool/keys/rotate')).json();
    expect(rotated.keys).toHaveLength(2);
    expect(rotated.keys[0]).toMatchObject({ retired_at: null });
    expect(rotated.keys[1]).toMatchObject({ kid: first.kid, retired_at: expect.any(String) });
    const after = (await ctx.request({ method: 'GET', url: '/api/lti/jwks' })).json();
    expect(after.keys.map((key: { kid: string }) => key.kid)).toEqual(
      rotated.keys.map((key: { kid: string }) => key.kid),
    );
  });
});

describe('LMS user links', () => {
  it('are listed, and staff link an LMS user to an existing account by its user name', async () => {
    const api = as(staff.token);
    const launched = await createLearner(ctx.db, { firstName: 'Ada', lastName: 'New' });
    const existing = await createLearner(ctx.db, { firstName: 'Ada', lastName: 'Lovelace' });
    const issuer = 'https://canvas.instructure.com';
    await ctx.db
      .insertInto('lti_identities')
      .values({ issuer, subject: 'ada-sub', person_id: launched.id, linked_by: null })
      .execute();
    const [link] = (await api.get('/lti/identities')).json();
    expect(link).toMatchObject({ subject: 'ada-sub', name: 'Ada New', linked_by_staff: false });

    const relinked = await ctx.request({
      method: 'PUT',
      url: `/api/lti/identities/${link.id}/person`,
      token: staff.token,
      payload: { username: existing.username.toUpperCase() },
    });
    expect(relinked.json()).toMatchObject({
      name: 'Ada Lovelace',
      username: existing.username,
      linked_by_staff: true,
    });

    const unknown = await ctx.request({
      method: 'PUT',
      url: `/api/lti/identities/${link.id}/person`,
      token: staff.token,
      payload: { username: 'nobody-here' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain("An account with user name 'nobody-here' not found");

    // One user of an LMS per account.
    await ctx.db
      .insertInto('lti_identities')
      .values({ issuer, subject: 'other-sub', person_id: launched.id, linked_by: null })
      .execute();
    const other = (await api.get('/lti/identities')).json()[0];
    const taken = await ctx.request({
      method: 'PUT',
      url: `/api/lti/identities/${other.id}/person`,
      token: staff.token,
      payload: { username: existing.username },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain('is linked to another user of this LMS (ada-sub)');
  });
});
