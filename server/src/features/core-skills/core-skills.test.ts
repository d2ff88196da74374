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

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
  token: string | null = staff.token,
) => ctx.request({ method, url, token, payload });

/** What 'Start Tracking Core Skills' does: one record per skill at level 1. */
async function startTracking(studentId: number) {
  const skills = (await call('GET', '/api/coreskills')).json().results as Array<{ id: number }>;
  return Promise.all(
    skills.map((skill) =>
      call('POST', '/api/coreskillrecords', {
        student: studentId,
        skill: skill.id,
        level: 1,
        note: 'Initial record',
      }),
    ),
  );
}

describe('core skills are rated by staff', () => {
  it('refuses anonymous callers (401) and learners, even about themselves (403)', async () => {
    const [first] = await startTracking(learner.id);
    const recordId = first!.json().id;
    const calls = [
      { method: 'GET' as const, url: '/api/coreskills' },
      { method: 'GET' as const, url: `/api/coreskillrecords?studentId=${learner.id}` },
      { method: 'GET' as const, url: `/api/coreskillrecords/${recordId}` },
      {
        method: 'POST' as const,
        url: '/api/coreskillrecords',
        payload: { student: learner.id, skill: 1, level: 9 },
      },
      { method: 'PUT' as const, url: `/api/coreskillrecords/${recordId}`, payload: { level: 10 } },
    ];
    for (const request of calls) {
      expect((await ctx.request(request)).statusCode, request.url).toBe(401);
      expect(
        (await ctx.request({ ...request, token: learner.token })).statusCode,
        request.url,
      ).toBe(403);
    }
    const levels = await ctx.db
      .selectFrom('core_skill_records')
      .select('level')
      .where('student_id', '=', learner.id)
      .execute();
    expect(levels.every((row) => row.level === 1)).toBe(true);
  });
});

describe('tracking core skills', () => {
  it('lists the four skills as results', async () => {
    const body = (await call('GET', '/api/coreskills')).json();
    expect(body.count).toBe(4);
    expect(body.results.map((skill: { label: string }) => skill.label).sort()).toEqual([
      'Algorithmic Thinking',
      'Analytical Thinking',
      'Communication',
      'Learning Efficiency',
    ]);
  });

  it('starts one record per skill at level 1 with the note Initial record, ordered by label', async () => {
    const subject = await createLearner(ctx.db);
    const created = await startTracking(subject.id);
    expect(created.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    const list = (await call('GET', `/api/coreskillrecords?studentId=${subject.id}`)).json();
    expect(list.map((record: { skill: { label: string } }) => record.skill.label)).toEqual([
      'Algorithmic Thinking',
      'Analytical Thinking',
      'Communication',
      'Learning Efficiency',
    ]);
    expect(
      list.every(
        (record: { level: number; student: number }) =>
          record.level === 1 && record.student === subject.id,
      ),
    ).toBe(true);
    const notes = await ctx.db
      .selectFrom('core_skill_record_entries as e')
      .innerJoin('core_skill_records as r', 'r.id', 'e.record_id')
      .select('e.note')
      .where('r.student_id', '=', subject.id)
      .execute();
    expect(notes.map((row) => row.note)).toEqual(Array(4).fill('Initial record'));
    const again = await call('POST', '/api/coreskillrecords', {
      student: subject.id,
      skill: 1,
      level: 1,
      note: 'Initial record',
    });
    expect(again.statusCode).toBe(409);
  });

  it('saves a new level (ignoring the ids a client sends along) and keeps it in the history', async () => {
    const subject = await createLearner(ctx.db);
    const [first] = await startTracking(subject.id);
    const record = first!.json();
    const saved = await call('PUT', `/api/coreskillrecords/${record.id}`, {
      student_id: subject.id,
      skill_id: record.skill.id,
      level: 7,
    });
    expect(saved.statusCode).toBe(204);
    expect((await call('GET', `/api/coreskillrecords/${record.id}`)).json().level).toBe(7);
    const detail = (await call('GET', `/api/students/${subject.id}`)).json();
    expect(detail.core_skill_records).toContainEqual({
      id: record.id,
      skill: record.skill,
      level: 7,
    });
    const entries = await ctx.db
      .selectFrom('core_skill_record_entries')
      .select('level')
      .where('record_id', '=', record.id)
      .orderBy('id')
      .execute();
    expect(entries.map((row) => row.level)).toEqual([1, 7]);
  });

  it("puts a rating's level back from the learner's history, and refuses once rated again", async () => {
    const subject = await createLearner(ctx.db);
    const [first] = await startTracking(subject.id);
    const record = first!.json();
    const rate = (level: number) => call('PUT', `/api/coreskillrecords/${record.id}`, { level });
    const undo = (historyId: unknown) =>
      call('POST', `/api/students/${subject.id}/history/${historyId}/undo`);
    const levelNow = async () =>
      (await call('GET', `/api/coreskillrecords/${record.id}`)).json().level;

    const toFive = await rate(5);
    const history = (await call('GET', `/api/students/${subject.id}/history`)).json();
    expect(history[0]).toMatchObject({
      action: 'core_skill',
      summary: `${record.skill.label}: level 1 → 5`,
    });
    expect((await undo(toFive.headers['history-id'])).json().message).toBe(
      'Core skill level put back',
    );
    expect(await levelNow()).toBe(1);

    const toThree = await rate(3);
    await rate(4);
    const refused = await undo(toThree.headers['history-id']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/has been rated on .+ again since/);
    expect(await levelNow()).toBe(4);
    // Rating the level it has already changes nothing and offers nothing to undo.
    expect((await rate(4)).headers['history-id']).toBeUndefined();
  });

  it('stops tracking a skill started by mistake, unless it has been rated since', async () => {
    const subject = await createLearner(ctx.db);
    const [first, second] = await startTracking(subject.id);
    const undo = (historyId: unknown) =>
      call('POST', `/api/students/${subject.id}/history/${historyId}/undo`);
    const undone = await undo(first!.headers['history-id']);
    expect(undone.json().message).toBe('Core skill no longer tracked');
    expect((await call('GET', `/api/coreskillrecords/${first!.json().id}`)).statusCode).toBe(404);

    await call('PUT', `/api/coreskillrecords/${second!.json().id}`, { level: 6 });
    const refused = await undo(second!.headers['history-id']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/has been rated on .+ since: undo that first/);
  });

  it('keeps levels between 1 and 10, naming the field', async () => {
    const subject = await createLearner(ctx.db);
    const [first] = await startTracking(subject.id);
    for (const level of [0, 11, 2.5]) {
      const response = await call('PUT', `/api/coreskillrecords/${first!.json().id}`, { level });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('body.level');
    }
    const missing = await call('POST', '/api/coreskillrecords', { student: subject.id, skill: 1 });
    expect(missing.json().message).toBe('body.level is required');
  });

  it('answers 404 for unknown learners, skills and records', async () => {
    expect(
      (await call('POST', '/api/coreskillrecords', { student: 999999, skill: 1, level: 1 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/coreskillrecords', { student: learner.id, skill: 99, level: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/coreskillrecords?studentId=999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/coreskillrecords/999999')).statusCode).toBe(404);
    expect((await call('PUT', '/api/coreskillrecords/999999', { level: 3 })).statusCode).toBe(404);
  });
});
