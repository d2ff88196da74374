import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLearner, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
let learner: Awaited<ReturnType<typeof createLearner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
  learner = await createLearner(ctx.db);
});
afterAll(() => ctx.close());

const post = (url: string, payload: Record<string, unknown>, token: string | null = staff.token) =>
  ctx.request({ method: 'POST', url, token, payload });
const del = (url: string) => ctx.request({ method: 'DELETE', url, token: staff.token });

describe('tags are a staff tool', () => {
  it('refuses anonymous callers (401) and learners (403) on every tag route', async () => {
    const tag = (await post('/api/tags', { name: 'guarded' })).json();
    const link = (await post('/api/studenttags', { student: learner.id, tag: tag.id })).json();
    const deleted = (await post('/api/tags', { name: 'deleted' })).json();
    await del(`/api/tags/${deleted.id}`);
    const calls = [
      { method: 'GET' as const, url: '/api/tags' },
      { method: 'POST' as const, url: '/api/tags', payload: { name: 'sneaky' } },
      { method: 'DELETE' as const, url: `/api/tags/${tag.id}` },
      { method: 'POST' as const, url: `/api/tags/${deleted.id}/restore` },
      { method: 'GET' as const, url: '/api/studenttags' },
      {
        method: 'POST' as const,
        url: '/api/studenttags',
        payload: { student: learner.id, tag: tag.id },
      },
      { method: 'DELETE' as const, url: `/api/studenttags/${link.id}` },
    ];
    for (const call of calls) {
      expect((await ctx.request(call)).statusCode, call.url).toBe(401);
      expect((await ctx.request({ ...call, token: learner.token })).statusCode, call.url).toBe(403);
    }
    const names = await ctx.db.selectFrom('tags').select('name').execute();
    expect(names.map((row) => row.name)).not.toContain('sneaky');
    expect(names.map((row) => row.name)).not.toContain('deleted');
    expect(
      await ctx.db.selectFrom('student_tags').select('id').where('id', '=', link.id).execute(),
    ).toHaveLength(1);
  });
});

describe('/tags', () => {
  it('creates tags, lists all of them by name as results, and refuses duplicates in any case', async () => {
    const created = await post('/api/tags', { name: ' Zebra ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), name: 'Zebra' });
    await post('/api/tags', { name: 'apple' });
    const duplicate = await post('/api/tags', { name: 'ZEBRA' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe("A tag named 'Zebra' already exists.");
    const list = (
      await ctx.request({ method: 'GET', url: '/api/tags', token: staff.token })
    ).json();
    expect(list.count).toBe(list.results.length);
    const names = list.results.map((tag: { name: string }) => tag.name);
    expect(names.indexOf('apple')).toBeLessThan(names.indexOf('Zebra'));
  });

  it('names the field for a blank or too long name', async () => {
    const blank = await post('/api/tags', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('body.name');
    const long = await post('/api/tags', { name: 'x'.repeat(26) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('body.name');
    const missing = await post('/api/tags', {});
    expect(missing.json().message).toBe('body.name is required');
  });

  it('deletes a tag from every learner and keeps the removed links in the audit log', async () => {
    const tag = (await post('/api/tags', { name: 'short-lived' })).json();
    const other = await createLearner(ctx.db);
    await post('/api/studenttags', { student: learner.id, tag: tag.id });
    await post('/api/studenttags', { student: other.id, tag: tag.id });
    const removed = await ctx.request({
      method: 'DELETE',
      url: `/api/tags/${tag.id}`,
      token: staff.token,
    });
    expect(removed.statusCode).toBe(204);
    const links = await ctx.db
      .selectFrom('student_tags')
      .select('id')
      .where('tag_id', '=', tag.id)
      .execute();
    expect(links).toHaveLength(0);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('before')
      .where('entity', '=', 'tag')
      .where('entity_id', '=', String(tag.id))
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    expect((audit.before as { student_tags: unknown[] }).student_tags).toHaveLength(2);
    const again = await ctx.request({
      method: 'DELETE',
      url: `/api/tags/${tag.id}`,
      token: staff.token,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('/studenttags', () => {
  it('tags a learner once, lists and removes the link', async () => {
    const subject = await createLearner(ctx.db);
    const tag = (await post('/api/tags', { name: 'pairing' })).json();
    const link = await post('/api/studenttags', { student: subject.id, tag: tag.id });
    expect(link.statusCode).toBe(201);
    expect(link.json()).toEqual({ id: expect.any(Number), student: subject.id, tag: tag.id });
    const duplicate = await post('/api/studenttags', { student: subject.id, tag: tag.id });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe("The learner already has the tag 'pairing'.");
    const list = (
      await ctx.request({
        method: 'GET',
        url: `/api/studenttags?studentId=${subject.id}`,
        token: staff.token,
      })
    ).json();
    expect(list).toEqual({ count: 1, next: null, previous: null, results: [link.json()] });
    const removed = await ctx.request({
      method: 'DELETE',
      url: `/api/studenttags/${link.json().id}`,
      token: staff.token,
    });
    expect(removed.statusCode).toBe(204);
    const after = (
      await ctx.request({
        method: 'GET',
        url: `/api/studenttags?studentId=${subject.id}`,
        token: staff.token,
      })
    ).json();
    expect(after.results).toEqual([]);
  });

  it('answers 404 for unknown learners, staff ids, tags and links; 400 naming a missing field', async () => {
    const tag = (await post('/api/tags', { name: 'lookup' })).json();
    expect((await post('/api/studenttags', { student: 999999, tag: tag.id })).statusCode).toBe(404);
    expect((await post('/api/studenttags', { student: staff.id, tag: tag.id })).statusCode).toBe(
      404,
    );
    expect((await post('/api/studenttags', { student: learner.id, tag: 999999 })).statusCode).toBe(
      404,
    );
    const unknown = await ctx.request({
      method: 'DELETE',
      url: '/api/studenttags/999999',
      token: staff.token,
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await post('/api/studenttags', { student: learner.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('body.tag is required');
  });
});
