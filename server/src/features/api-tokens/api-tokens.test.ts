import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCohort, createLearner, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
let otherStaff: Awaited<ReturnType<typeof createStaff>>;
let learner: Awaited<ReturnType<typeof createLearner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
  otherStaff = await createStaff(ctx.db);
  learner = await createLearner(ctx.db);
});
afterAll(() => ctx.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function makeToken(scope: 'read' | 'write', name = `script ${scope}`, days = 30) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/api-tokens',
    token: staff.token,
    payload: { name, scope, expires_in_days: days },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; token: string; name: string };
}

describe('API tokens', () => {
  it('shows the secret once, keeps only its hash, and lists the token without it', async () => {
    const made = await makeToken('read', 'Nightly export');
    expect(made.token).toMatch(/^lpat_/);
    const stored = await ctx.db
      .selectFrom('api_tokens')
      .select('token_hash')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(made.token);
    const list = await ctx.request({ method: 'GET', url: '/api/api-tokens', token: staff.token });
    const listed = list.json().find((token: { id: number }) => token.id === made.id);
    expect(listed).toMatchObject({ name: 'Nightly export', scope: 'read', uses: 0 });
    expect(JSON.stringify(list.json())).not.toContain(made.token);
    // Another staff member neither sees nor revokes it.
    const theirs = await ctx.request({
      method: 'GET',
      url: '/api/api-tokens',
      token: otherStaff.token,
    });
    expect(theirs.json()).toEqual([]);
    const revoke = await ctx.request({
      method: 'DELETE',
      url: `/api/api-tokens/${made.id}`,
      token: otherStaff.token,
    });
    expect(revoke.statusCode).toBe(404);
  });

  it('lets a read token read and refuses its writes, naming the scope', async () => {
    const { token } = await makeToken('read');
    const read = await ctx.request({ method: 'GET', url: '/api/cohorts', headers: bearer(token) });
    expect(read.statusCode).toBe(200);
    const write = await ctx.request({
      method: 'POST',
      url: '/api/tags',
      headers: bearer(token),
      payload: { name: 'from a read token' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toMatch(/scope is read/);
    const tags = await ctx.db.selectFrom('tags').select('name').execute();
    expect(tags.map((tag) => tag.name)).not.toContain('from a read token');
  });

  it('lets a write token write as its staff member', async () => {
    const { token } = await makeToken('write');
    const made = await ctx.request({
      method: 'POST',
      url: '/api/tags',
      headers: bearer(token),
      payload: { name: 'from a write token' },
    });
    expect(made.statusCode).toBe(201);
  });

  it('records every use with its time, method, path and answer', async () => {
    const made = await makeToken('read');
    const before = Date.now();
    await ctx.request({ method: 'GET', url: '/api/courses', headers: bearer(made.token) });
    await ctx.request({ method: 'DELETE', url: '/api/tags/1', headers: bearer(made.token) });
    // Answered from the kept list this time, and as a 304: each is still one use.
    const etag = (
      await ctx.request({ method: 'GET', url: '/api/courses', headers: bearer(made.token) })
    ).headers.etag;
    const unchanged = await ctx.request({
      method: 'GET',
      url: '/api/courses',
      headers: { ...bearer(made.token), 'if-none-match': String(etag) },
    });
    expect(unchanged.statusCode).toBe(304);
    const uses = await ctx.request({
      method: 'GET',
      url: `/api/api-tokens/${made.id}/uses`,
      token: staff.token,
    });
    expect(uses.json()).toMatchObject([
      { method: 'GET', path: '/api/courses', status: 304 },
      { method: 'GET', path: '/api/courses', status: 200 },
      { method: 'DELETE', path: '/api/tags/1', status: 403 },
      { method: 'GET', path: '/api/courses', status: 200 },
    ]);
    expect(uses.json()).toHaveLength(4);
    for (const use of uses.json())
      expect(Date.parse(use.used_at)).toBeGreaterThanOrEqual(before - 1000);
    const list = await ctx.request({ method: 'GET', url: '/api/api-tokens', token: staff.token });
    expect(list.json().find((token: { id: number }) => token.id === made.id)).toMatchObject({
      uses: 4,
      last_used_at: uses.json()[0].used_at,
    });
  });

  it('refuses an expired token and a revoked one at once', async () => {
    const expired = await makeToken('read', 'expired');
    await ctx.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.id)
      .execute();
    const late = await ctx.request({
      method: 'GET',
      url: '/api/cohorts',
      headers: bearer(expired.token),
    });
    expect(late.statusCode).toBe(401);

    const revoked = await makeToken('read', 'revoked');
    // Checked once, so its check is remembered; the revocation must still be refused next.
    const ok = await ctx.request({
      method: 'GET',
      url: '/api/cohorts',
      headers: bearer(revoked.token),
    });
    expect(ok.statusCode).toBe(200);
    const revoke = await ctx.request({
      method: 'DELETE',
      url: `/api/api-tokens/${revoked.id}`,
      token: staff.token,
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().revoked_at).not.toBeNull();
    const after = await ctx.request({
      method: 'GET',
      url: '/api/cohorts',
      headers: bearer(revoked.token),
    });
    expect(after.statusCode).toBe(401);
    const again = await ctx.request({
      method: 'DELETE',
      url: `/api/api-tokens/${revoked.id}`,
      token: staff.token,
    });
    expect(again.statusCode).toBe(409);
  });

  it('cannot make tokens, sign out or open a live stream', async () => {
    const { token } = await makeToken('write');
    const make = await ctx.request({
      method: 'POST',
      url: '/api/api-tokens',
      headers: bearer(token),
      payload: { name: 'child', scope: 'write', expires_in_days: 1 },
    });
    expect(make.statusCode).toBe(403);
    const signOut = await ctx.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(signOut.statusCode).toBe(403);
    const cohort = await createCohort(ctx.db);
    const ticket = await ctx.request({
      method: 'POST',
      url: `/api/cohorts/${cohort.id}/live/ticket`,
      headers: bearer(token),
    });
    expect(ticket.statusCode).toBe(403);
  });

  it('stops working when its holder is no longer staff', async () => {
    const { token } = await makeToken('read');
    await ctx.db
      .updateTable('people')
      .set({ is_staff: false })
      .where('id', '=', staff.id)
      .execute();
    try {
      const refused = await ctx.request({
        method: 'GET',
        url: '/api/cohorts',
        headers: bearer(token),
      });
      expect(refused.statusCode).toBe(401);
    } finally {
      await ctx.db
        .updateTable('people')
        .set({ is_staff: true })
        .where('id', '=', staff.id)
        .execute();
    }
  });

  it('names the field of a bad request', async () => {
    const cases = [
      { payload: { name: '', scope: 'read', expires_in_days: 30 }, field: 'name' },
      { payload: { name: 'x', scope: 'admin', expires_in_days: 30 }, field: 'scope' },
      { payload: { name: 'x', scope: 'read', expires_in_days: 0 }, field: 'expires_in_days' },
      { payload: { name: 'x', scope: 'read', expires_in_days: 366 }, field: 'expires_in_days' },
    ];
    for (const { payload, field } of cases) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/api-tokens',
        token: staff.token,
        payload,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.body, field).toContain(field);
    }
    const learnerTry = await ctx.request({
      method: 'POST',
      url: '/api/api-tokens',
      token: learner.token,
      payload: { name: 'mine', scope: 'read', expires_in_days: 1 },
    });
    expect(learnerTry.statusCode).toBe(403);
  });
});
