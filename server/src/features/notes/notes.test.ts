import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCoach,
  createCohort,
  createLearner,
  createStaff,
  enrol,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let coach: Awaited<ReturnType<typeof createStaff>>;
let otherCoach: Awaited<ReturnType<typeof createStaff>>;
let learner: Awaited<ReturnType<typeof createLearner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  coach = await createStaff(ctx.db, { firstName: 'Cora', lastName: 'Coach' });
  otherCoach = await createStaff(ctx.db, { firstName: 'Oto', lastName: 'Other' });
  learner = await createLearner(ctx.db, { firstName: 'Lee', lastName: 'Learner' });
  const cohort = await createCohort(ctx.db);
  const otherCohort = await createCohort(ctx.db);
  await addCoach(ctx.db, cohort.id, coach.id);
  await addCoach(ctx.db, otherCohort.id, otherCoach.id);
  await enrol(ctx.db, cohort.id, learner.id);
});
afterAll(() => ctx.close());

const addNote = (token: string | null, payload: Record<string, unknown>) =>
  ctx.request({ method: 'POST', url: '/api/notes', token, payload });

describe('notes are for staff only', () => {
  it('refuses anonymous callers (401) and learners, even about themselves (403)', async () => {
    const note = await addNote(coach.token, {
      note: 'Kept private',
      studentId: learner.id,
      type: 3,
    });
    const calls = [
      { method: 'GET' as const, url: '/api/notetypes' },
      { method: 'GET' as const, url: `/api/notes?studentId=${learner.id}` },
      {
        method: 'POST' as const,
        url: '/api/notes',
        payload: { note: 'x', studentId: learner.id, type: 2 },
      },
      { method: 'DELETE' as const, url: `/api/notes/${note.json().id}` },
    ];
    for (const call of calls) {
      expect((await ctx.request(call)).statusCode, call.url).toBe(401);
      const denied = await ctx.request({ ...call, token: learner.token });
      expect(denied.statusCode, call.url).toBe(403);
      expect(JSON.stringify(denied.json())).not.toContain('Kept private');
    }
    const rows = await ctx.db
      .selectFrom('notes')
      .select('note')
      .where('student_id', '=', learner.id)
      .execute();
    expect(rows.map((row) => row.note)).toEqual(['Kept private']);
  });
});

describe('GET /notetypes', () => {
  it('lists the four note types as results, General Progress with id 2', async () => {
    const body = (
      await ctx.request({ method: 'GET', url: '/api/notetypes', token: coach.token })
    ).json();
    expect(body).toMatchObject({ count: 4, next: null, previous: null });
    expect(body.results).toContainEqual({ id: 2, label: 'General Progress' });
    expect(body.results.map((type: { label: string }) => type.label)).toEqual([
      'Assessment Review',
      'General Progress',
      'Mental Health',
      'Behavioral Issue',
    ]);
  });
});

describe('POST, GET and DELETE /notes', () => {
  it('adds a note of a type and lists it newest first with author, type and date', async () => {
    const subject = await createLearner(ctx.db);
    const first = await addNote(coach.token, {
      note: ' First note ',
      studentId: subject.id,
      type: 2,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      note: 'First note',
      author: 'Cora Coach',
      note_type: { id: 2, label: 'General Progress' },
    });
    expect(new Date(first.json().created_on).toISOString()).toBe(first.json().created_on);
    await addNote(coach.token, { note: 'Second note', studentId: subject.id, type: 1 });
    const list = await ctx.request({
      method: 'GET',
      url: `/api/notes?studentId=${subject.id}`,
      token: coach.token,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((note: { note: string }) => note.note)).toEqual([
      'Second note',
      'First note',
    ]);
    expect(list.json()[0].note_type).toEqual({ id: 1, label: 'Assessment Review' });
    // The learner's history says who added it, and its undo takes it away again.
    const history = await ctx.request({
      method: 'GET',
      url: `/api/students/${subject.id}/history`,
      token: coach.token,
    });
    expect(history.json()[1]).toMatchObject({
      action: 'add_note',
      summary: 'Note added: “First note”',
      actor: 'Cora Coach',
    });
    const undo = await ctx.request({
      method: 'POST',
      url: `/api/students/${subject.id}/history/${first.headers[HISTORY_ID_HEADER]}/undo`,
      token: coach.token,
    });
    expect(undo.statusCode).toBe(200);
    expect(undo.json().message).toBe('Note removed');
    const after = await ctx.request({
      method: 'GET',
      url: `/api/notes?studentId=${subject.id}`,
      token: coach.token,
    });
    expect(after.json().map((note: { note: string }) => note.note)).toEqual(['Second note']);
  });

  it('refuses to undo adding a note removed since, saying why', async () => {
    const subject = await createLearner(ctx.db);
    const added = await addNote(coach.token, { note: 'Gone soon', studentId: subject.id, type: 2 });
    await ctx.request({
      method: 'DELETE',
      url: `/api/notes/${added.json().id}`,
      token: coach.token,
    });
    const undo = await ctx.request({
      method: 'POST',
      url: `/api/students/${subject.id}/history/${added.headers[HISTORY_ID_HEADER]}/undo`,
      token: coach.token,
    });
    expect(undo.statusCode).toBe(409);
    expect(undo.json().message).toBe('That note has been removed already.');
  });

  it("lets an instructor of another cohort read, add and delete any learner's notes", async () => {
    const added = await addNote(otherCoach.token, {
      note: 'Covering today',
      studentId: learner.id,
      type: 2,
    });
    expect(added.statusCode).toBe(201);
    const list = await ctx.request({
      method: 'GET',
      url: `/api/notes?studentId=${learner.id}`,
      token: otherCoach.token,
    });
    expect(list.json().map((note: { note: string }) => note.note)).toContain('Covering today');
    const removed = await ctx.request({
      method: 'DELETE',
      url: `/api/notes/${added.json().id}`,
      token: otherCoach.token,
    });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
  });

  it('requires a note type, naming the field, and refuses an unknown type or blank text', async () => {
    const missing = await addNote(coach.token, { note: 'No type', studentId: learner.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('body.type is required');
    const unknown = await addNote(coach.token, {
      note: 'Odd type',
      studentId: learner.id,
      type: 9,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('body.type is not a note type');
    const zero = await addNote(coach.token, { note: 'Zero type', studentId: learner.id, type: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toContain('body.type');
    const blank = await addNote(coach.token, { note: '   ', studentId: learner.id, type: 2 });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('body.note');
    const count = await ctx.db
      .selectFrom('notes')
      .select('id')
      .where('note', 'in', ['No type', 'Odd type', 'Zero type'])
      .execute();
    expect(count).toHaveLength(0);
  });

  it('answers 404 for unknown learners (and staff ids) and unknown notes', async () => {
    expect((await addNote(coach.token, { note: 'x', studentId: 999999, type: 2 })).statusCode).toBe(
      404,
    );
    expect(
      (await addNote(coach.token, { note: 'x', studentId: otherCoach.id, type: 2 })).statusCode,
    ).toBe(404);
    const list = await ctx.request({
      method: 'GET',
      url: '/api/notes?studentId=999999',
      token: coach.token,
    });
    expect(list.statusCode).toBe(404);
    const removed = await ctx.request({
      method: 'DELETE',
      url: '/api/notes/999999',
      token: coach.token,
    });
    expect(removed.statusCode).toBe(404);
  });

  it('requires the studentId query parameter', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/notes', token: coach.token });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('querystring.studentId is required');
  });
});
