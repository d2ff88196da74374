import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLearner, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

// Every tag change can be taken back: putting a tag on a learner (from the learner's history, as
// the toast's Undo does) and deleting a tag for everyone (POST /tags/{id}/restore).

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.request({ method, url, token: staff.token, ...(payload ? { payload } : {}) });
const createTag = async (name: string) =>
  (await send('POST', '/api/tags', { name })).json() as { id: number; name: string };
const linksOf = (tagId: number) =>
  ctx.db.selectFrom('student_tags').selectAll().where('tag_id', '=', tagId).orderBy('id').execute();
const tagNamed = async (id: number) =>
  (await send('GET', '/api/tags')).json().results.find((tag: { id: number }) => tag.id === id);

describe('putting a tag on a learner', () => {
  it('answers its history entry, which the learner history lists and whose undo takes the tag off', async () => {
    const subject = await createLearner(ctx.db);
    const tag = await createTag('undo me');
    const tagged = await send('POST', '/api/studenttags', { student: subject.id, tag: tag.id });
    expect(tagged.statusCode).toBe(201);
    const historyId = Number(tagged.headers[HISTORY_ID_HEADER]);
    expect(historyId).toBeGreaterThan(0);
    const history = (await send('GET', `/api/students/${subject.id}/history`)).json();
    expect(history[0]).toMatchObject({
      id: historyId,
      action: 'tag',
      summary: "Tag 'undo me' added",
      can_undo: true,
    });

    const undo = await send('POST', `/api/students/${subject.id}/history/${historyId}/undo`);
    expect(undo.statusCode).toBe(200);
    expect(undo.json().message).toBe('Tag removed');
    expect(await linksOf(tag.id)).toEqual([]);
    // The tag itself stays, for other learners.
    expect(await tagNamed(tag.id)).toEqual({ id: tag.id, name: 'undo me', learners: 0 });
    const again = await send('POST', `/api/students/${subject.id}/history/${historyId}/undo`);
    expect(again.statusCode).toBe(409);
  });

  it('refuses the undo (409) once the tag has been taken off since', async () => {
    const subject = await createLearner(ctx.db);
    const tag = await createTag('gone since');
    const tagged = await send('POST', '/api/studenttags', { student: subject.id, tag: tag.id });
    await send('DELETE', `/api/studenttags/${tagged.json().id}`);
    const undo = await send(
      'POST',
      `/api/students/${subject.id}/history/${tagged.headers[HISTORY_ID_HEADER]}/undo`,
    );
    expect(undo.statusCode).toBe(409);
    expect(undo.json().message).toContain("no longer has the tag 'gone since'");
  });
});

describe('POST /tags/{id}/restore', () => {
  it('counts the learners wearing each tag, and brings a deleted tag back exactly, on every learner who wore it', async () => {
    const [first, second, leaver] = [
      await createLearner(ctx.db),
      await createLearner(ctx.db),
      await createLearner(ctx.db),
    ];
    const tag = await createTag('needs pairing');
    for (const learner of [first, second, leaver])
      await send('POST', '/api/studenttags', { student: learner!.id, tag: tag.id });
    expect((await tagNamed(tag.id)).learners).toBe(3);
    const before = await linksOf(tag.id);
    const tagRow = await ctx.db
      .selectFrom('tags')
      .selectAll()
      .where('id', '=', tag.id)
      .executeTakeFirstOrThrow();

    expect((await send('DELETE', `/api/tags/${tag.id}`)).statusCode).toBe(204);
    // A learner deleted permanently since cannot wear it again.
    await ctx.db.deleteFrom('people').where('id', '=', leaver!.id).execute();
    const restored = await send('POST', `/api/tags/${tag.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({
      message: "Tag 'needs pairing' restored on 2 learners",
      tag: { id: tag.id, name: 'needs pairing' },
      learners: 2,
    });
    expect(
      await ctx.db.selectFrom('tags').selectAll().where('id', '=', tag.id).executeTakeFirst(),
    ).toEqual(tagRow);
    expect(await linksOf(tag.id)).toEqual(before.filter((link) => link.student_id !== leaver!.id));
    const board = (await send('GET', `/api/studenttags?studentId=${first!.id}`)).json();
    expect(board.results).toEqual([{ id: before[0]!.id, student: first!.id, tag: tag.id }]);

    const twice = await send('POST', `/api/tags/${tag.id}/restore`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("The tag 'needs pairing' is there already.");
  });

  it('restores a learner own undo of the tagging too: the link keeps its id', async () => {
    const subject = await createLearner(ctx.db);
    const tag = await createTag('kept link');
    const tagged = await send('POST', '/api/studenttags', { student: subject.id, tag: tag.id });
    await send('DELETE', `/api/tags/${tag.id}`);
    await send('POST', `/api/tags/${tag.id}/restore`);
    const undo = await send(
      'POST',
      `/api/students/${subject.id}/history/${tagged.headers[HISTORY_ID_HEADER]}/undo`,
    );
    expect(undo.statusCode).toBe(200);
    expect(await linksOf(tag.id)).toEqual([]);
  });

  it('refuses when a tag of the name was made since, or when it is too late; nothing changes', async () => {
    const subject = await createLearner(ctx.db);
    const tag = await createTag('Night Owl');
    await send('POST', '/api/studenttags', { student: subject.id, tag: tag.id });
    await send('DELETE', `/api/tags/${tag.id}`);
    const namesake = await createTag('night owl');
    const clash = await send('POST', `/api/tags/${tag.id}/restore`);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(
      "A tag named 'night owl' has been made since: 'Night Owl' cannot come back beside it.",
    );
    await send('DELETE', `/api/tags/${namesake.id}`);

    // The audit log is append-only: the same deletion, recorded as made 31 days ago.
    const deletion = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'tag')
      .where('action', '=', 'delete')
      .where('entity_id', '=', String(tag.id))
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('audit_log')
      .values({
        actor_id: staff.id,
        action: 'delete',
        entity: 'tag',
        entity_id: String(tag.id),
        before: JSON.stringify(deletion.before),
        created_at: new Date(Date.now() - 31 * 86_400_000),
      })
      .execute();
    const late = await send('POST', `/api/tags/${tag.id}/restore`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('can be restored for 30 days');
    expect(await tagNamed(tag.id)).toBeUndefined();
    expect(await linksOf(tag.id)).toEqual([]);
  });

  it('answers 404 for a tag never deleted or unknown, and 400 naming the id when it is not one', async () => {
    const alive = await createTag('alive');
    expect((await send('POST', '/api/tags/999999/restore')).statusCode).toBe(404);
    const present = await send('POST', `/api/tags/${alive.id}/restore`);
    expect(present.statusCode).toBe(404);
    expect(present.json().message).toBe('Deleted tag not found.');
    const bad = await send('POST', '/api/tags/abc/restore');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('params.id');
  });
});
