import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLearner, createObjective, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
let learner: Awaited<ReturnType<typeof createLearner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db, { firstName: 'Rae', lastName: 'Corder' });
  learner = await createLearner(ctx.db);
});
afterAll(() => ctx.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  token: string | null = staff.token,
) => ctx.request({ method, url, token, payload: payload as Record<string, unknown> | undefined });

const score = async (studentId: number) =>
  (await call('GET', `/api/students/${studentId}`)).json().score;

describe('learning records are kept by staff', () => {
  it('refuses anonymous callers (401) and learners, even about themselves (403)', async () => {
    const objective = await createObjective(ctx.db);
    const record = (
      await call('POST', '/api/records', {
        student: learner.id,
        weight: objective.id,
        achieved: false,
        note: 'Started',
      })
    ).json();
    const entryId = record.entries[0].id;
    const calls = [
      { method: 'GET' as const, url: `/api/records?studentId=${learner.id}` },
      { method: 'GET' as const, url: `/api/records/${record.id}` },
      {
        method: 'POST' as const,
        url: '/api/records',
        payload: { student: learner.id, weight: objective.id, achieved: true, note: '' },
      },
      { method: 'PUT' as const, url: `/api/records/${record.id}`, payload: { achieved: true } },
      { method: 'DELETE' as const, url: `/api/records/${record.id}` },
      {
        method: 'POST' as const,
        url: '/api/records/entries',
        payload: { record: record.id, note: 'mine' },
      },
      { method: 'DELETE' as const, url: `/api/records/entries/${entryId}` },
    ];
    for (const request of calls) {
      expect((await ctx.request(request)).statusCode, request.url).toBe(401);
      expect(
        (await ctx.request({ ...request, token: learner.token })).statusCode,
        request.url,
      ).toBe(403);
    }
    const stored = await ctx.db
      .selectFrom('learning_records')
      .select('achieved')
      .where('id', '=', record.id)
      .executeTakeFirstOrThrow();
    expect(stored.achieved).toBe(false);
  });
});

describe('marking an objective achieved', () => {
  it('creates a record with an entry, and the score counts its weight', async () => {
    const subject = await createLearner(ctx.db);
    const objective = await createObjective(ctx.db, { label: 'Uses array methods', weight: 15 });
    expect(await score(subject.id)).toBe(0);
    const created = await call('POST', '/api/records', {
      student: subject.id,
      weight: objective.id,
      achieved: true,
      note: 'Achieved on 3/14/2026',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      student: subject.id,
      objective: objective.id,
      label: 'Uses array methods',
      score: 15,
      achieved: true,
      entries: [{ note: 'Achieved on 3/14/2026', instructor: 'Rae Corder' }],
    });
    expect(await score(subject.id)).toBe(15);
    const duplicate = await call('POST', '/api/records', {
      student: subject.id,
      weight: objective.id,
      achieved: true,
      note: '',
    });
    expect(duplicate.statusCode).toBe(409);
  });

  it('updates an existing record to achieved, adding the note as an entry, whole record accepted', async () => {
    const subject = await createLearner(ctx.db);
    const objective = await createObjective(ctx.db, { weight: 5 });
    const record = (
      await call('POST', '/api/records', {
        student: subject.id,
        weight: objective.id,
        achieved: false,
        note: 'Not yet',
      })
    ).json();
    expect(await score(subject.id)).toBe(0);
    const updated = await call('PUT', `/api/records/${record.id}`, {
      ...record,
      achieved: true,
      note: 'Achieved on 3/15/2026',
    });
    expect(updated.statusCode).toBe(204);
    const list = (await call('GET', `/api/records?studentId=${subject.id}`)).json();
    expect(list).toHaveLength(1);
    expect(list[0].achieved).toBe(true);
    expect(list[0].entries.map((entry: { note: string }) => entry.note)).toEqual([
      'Achieved on 3/15/2026',
      'Not yet',
    ]);
    expect(await score(subject.id)).toBe(5);
  });

  it('lists not achieved records first', async () => {
    const subject = await createLearner(ctx.db);
    const a = await createObjective(ctx.db, { tier: 1 });
    const b = await createObjective(ctx.db, { tier: 2 });
    await call('POST', '/api/records', {
      student: subject.id,
      weight: a.id,
      achieved: true,
      note: 'done',
    });
    await call('POST', '/api/records', {
      student: subject.id,
      weight: b.id,
      achieved: false,
      note: 'later',
    });
    const list = (await call('GET', `/api/records?studentId=${subject.id}`)).json();
    expect(list.map((record: { objective: number }) => record.objective)).toEqual([b.id, a.id]);
  });
});

describe('record entries', () => {
  it('adds entries, and deleting the last entry deletes the record', async () => {
    const subject = await createLearner(ctx.db);
    const objective = await createObjective(ctx.db);
    const record = (
      await call('POST', '/api/records', {
        student: subject.id,
        weight: objective.id,
        achieved: false,
        note: 'one',
      })
    ).json();
    const added = await call('POST', '/api/records/entries', {
      record: record.id,
      note: 'two',
      weight: objective.id,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().entries).toHaveLength(2);
    const [newest, oldest] = added.json().entries;
    expect((await call('DELETE', `/api/records/entries/${newest.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/records/${record.id}`)).json().entries).toHaveLength(1);
    expect((await call('DELETE', `/api/records/entries/${oldest.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/records/${record.id}`)).statusCode).toBe(404);
  });
});

describe('bad input and unknown ids', () => {
  it('names the field on bad input', async () => {
    const missing = await call('POST', '/api/records', {
      student: learner.id,
      achieved: true,
      note: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('body.weight is required');
    const badAchieved = await call('PUT', '/api/records/1', { achieved: 'maybe' });
    expect(badAchieved.statusCode).toBe(400);
    expect(badAchieved.json().message).toContain('body.achieved');
    const noStudent = await call('GET', '/api/records');
    expect(noStudent.json().message).toBe('querystring.studentId is required');
  });

  it('answers 404 for unknown learners, objectives, records and entries', async () => {
    const objective = await createObjective(ctx.db);
    expect(
      (
        await call('POST', '/api/records', {
          student: 999999,
          weight: objective.id,
          achieved: true,
          note: '',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', '/api/records', {
          student: learner.id,
          weight: 999999,
          achieved: true,
          note: '',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/records?studentId=999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/records/999999')).statusCode).toBe(404);
    expect((await call('PUT', '/api/records/999999', { achieved: true })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/records/999999')).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/records/entries', { record: 999999, note: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', '/api/records/entries/999999')).statusCode).toBe(404);
  });
});
