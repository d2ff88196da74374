import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createLearner, createStaff } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

let ctx: TestContext;
let staff: { id: number; token: string };
let learner: { id: number; token: string };
let objectives: Array<{ id: number; label: string }>;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
  learner = await createLearner(ctx.db);
  objectives = await ctx.db
    .insertInto('learning_objectives')
    .values(['Use git', 'Write a loop', 'Write a function'].map((label) => ({ label, weight: 5 })))
    .returning(['id', 'label'])
    .execute();
});
afterAll(() => ctx.close());

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token: string | null = staff.token,
) => ctx.request({ method, url: `/api${url}`, token, payload });

async function bookWithAssessment(objectiveIds = [objectives[0]!.id, objectives[1]!.id]) {
  const course = await createCourse(ctx.db, { name: 'Web', books: 1, projectsPerBook: 1 });
  const book = course.books[0]!;
  const created = await send('POST', '/assessments', {
    name: 'Book 1 self-assessment',
    sourceURL: 'https://github.com/templates/book-1',
    bookId: book.id,
    objectives: objectiveIds,
  });
  return { course, book, created };
}

describe('POST /assessments (a book self-assessment)', () => {
  it('creates the assessment with its objectives, in the bookassessment shape', async () => {
    const { course, book, created } = await bookWithAssessment();
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      name: 'Book 1 self-assessment',
      source_url: 'https://github.com/templates/book-1',
      assigned_book: { id: book.id, name: 'Book 1' },
      course: { id: course.id, name: 'Web' },
      objectives: [
        { id: objectives[0]!.id, label: 'Use git' },
        { id: objectives[1]!.id, label: 'Write a loop' },
      ],
    });
    const bookNow = (await send('GET', `/books/${book.id}`)).json();
    expect(bookNow).toMatchObject({
      has_assessment: true,
      assessments: [{ name: 'Book 1 self-assessment' }],
    });
  });

  it('allows one assessment per book (409)', async () => {
    const { book } = await bookWithAssessment();
    const second = await send('POST', '/assessments', {
      name: 'Another',
      sourceURL: 'https://github.com/templates/other',
      bookId: book.id,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'This book already has a self-assessment (Book 1 self-assessment).',
    );
  });

  it('names missing or bad fields, 404s unknown books and objectives, and writes nothing', async () => {
    const course = await createCourse(ctx.db, { books: 1 });
    const bookId = course.books[0]!.id;
    const valid = { name: 'A', sourceURL: 'https://github.com/t/a', bookId, objectives: [] };
    for (const [payload, field] of [
      [{ ...valid, name: undefined }, 'body.name'],
      [{ ...valid, sourceURL: undefined }, 'body.sourceURL'],
      [{ ...valid, bookId: undefined }, 'body.bookId'],
      [{ ...valid, sourceURL: 'github' }, 'body.sourceURL'],
      [{ ...valid, name: '  ' }, 'body.name'],
      [{ ...valid, objectives: ['one'] }, 'body.objectives'],
    ] as const) {
      const response = await send('POST', '/assessments', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    }
    const unknownBook = await send('POST', '/assessments', { ...valid, bookId: 999999 });
    expect(unknownBook.statusCode).toBe(404);
    const unknownObjective = await send('POST', '/assessments', {
      ...valid,
      objectives: [objectives[0]!.id, 999999],
    });
    expect(unknownObjective.statusCode).toBe(404);
    expect(unknownObjective.json().message).toBe('Learning objective not found: 999999.');
    const rows = await ctx.db
      .selectFrom('assessments')
      .select('id')
      .where('book_id', '=', bookId)
      .execute();
    expect(rows).toHaveLength(0);
  });
});

describe('GET /assessments and /bookassessments', () => {
  it('lists every definition without studentId (the assessment list loads)', async () => {
    const { created } = await bookWithAssessment();
    const response = await send('GET', '/assessments', undefined, learner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toContainEqual(created.json());
    const byBook = await send('GET', `/bookassessments?bookId=${created.json().assigned_book.id}`);
    expect(byBook.json()).toEqual([created.json()]);
    const one = await send('GET', `/bookassessments/${created.json().id}`);
    expect(one.json()).toEqual(created.json());
    const unknown = await send('GET', '/bookassessments/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Assessment not found.');
  });

  it("lists a learner's assessments for that learner and staff only", async () => {
    const { created } = await bookWithAssessment();
    const given = await send('POST', '/assessments', {
      studentId: learner.id,
      assessmentId: created.json().id,
    });
    expect(given.statusCode).toBe(201);
    expect(given.json()).toEqual({
      id: expect.any(Number),
      assessment: {
        id: created.json().id,
        name: 'Book 1 self-assessment',
        objectives: created.json().objectives,
      },
      status: 'In Progress',
      url: '',
      started_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    const own = await send('GET', `/assessments?studentId=${learner.id}`, undefined, learner.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toContainEqual(given.json());
    const byStaff = await send('GET', `/assessments?studentId=${learner.id}`);
    expect(byStaff.json()).toContainEqual(given.json());
    const single = await send('GET', `/assessments/${given.json().id}`, undefined, learner.token);
    expect(single.json()).toEqual(given.json());

    const other = await createLearner(ctx.db);
    const denied = await send(
      'GET',
      `/assessments?studentId=${learner.id}`,
      undefined,
      other.token,
    );
    expect(denied.statusCode).toBe(403);
    const deniedOne = await send('GET', `/assessments/${given.json().id}`, undefined, other.token);
    expect(deniedOne.statusCode).toBe(403);
    expect((await send('GET', '/assessments?studentId=999999')).statusCode).toBe(404);
    expect((await send('GET', '/assessments/999999')).statusCode).toBe(404);
    expect((await send('GET', '/assessments', undefined, null)).statusCode).toBe(401);
  });

  it('answers 409 when the learner already has the assessment', async () => {
    const { created } = await bookWithAssessment();
    const other = await createLearner(ctx.db);
    const body = { studentId: other.id, assessmentId: created.json().id };
    expect((await send('POST', '/assessments', body)).statusCode).toBe(201);
    const again = await send('POST', '/assessments', body);
    expect(again.statusCode).toBe(409);
    const missing = await send('POST', '/assessments', { studentId: other.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('body.assessmentId is required');
  });
});

describe('PUT /bookassessments/{id}', () => {
  it("changes this assessment's objectives and never another's", async () => {
    const [git, loop, fn] = objectives;
    const first = (await bookWithAssessment([git!.id, loop!.id])).created.json();
    const second = (await bookWithAssessment([git!.id, loop!.id])).created.json();
    const response = await send('PUT', `/bookassessments/${first.id}`, {
      name: 'Renamed check',
      sourceURL: 'https://github.com/templates/renamed',
      bookId: first.assigned_book.id,
      objectives: [loop!.id, fn!.id],
    });
    expect(response.statusCode).toBe(204);
    const updated = (await send('GET', `/bookassessments/${first.id}`)).json();
    expect(updated).toMatchObject({
      name: 'Renamed check',
      source_url: 'https://github.com/templates/renamed',
      objectives: [
        { id: loop!.id, label: 'Write a loop' },
        { id: fn!.id, label: 'Write a function' },
      ],
    });
    const untouched = (await send('GET', `/bookassessments/${second.id}`)).json();
    expect(untouched.objectives.map((o: { id: number }) => o.id)).toEqual([git!.id, loop!.id]);
  });

  it('keeps everything when part of the change is refused', async () => {
    const { created } = await bookWithAssessment();
    const other = await bookWithAssessment();
    const before = created.json();
    const taken = await send('PUT', `/bookassessments/${before.id}`, {
      name: 'Moved',
      bookId: other.book.id,
    });
    expect(taken.statusCode).toBe(409);
    const unknownObjective = await send('PUT', `/bookassessments/${before.id}`, {
      name: 'Half written',
      objectives: [999999],
    });
    expect(unknownObjective.statusCode).toBe(404);
    expect((await send('GET', `/bookassessments/${before.id}`)).json()).toEqual(before);
    expect((await send('PUT', '/bookassessments/999999', { name: 'X' })).statusCode).toBe(404);
    const bad = await send('PUT', `/bookassessments/${before.id}`, { sourceURL: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('body.sourceURL');
  });
});

describe('PUT /assessments/{id} (a learner assessment status)', () => {
  it('sets the status by id or label', async () => {
    const { created } = await bookWithAssessment();
    const other = await createLearner(ctx.db);
    const given = (
      await send('POST', '/assessments', { studentId: other.id, assessmentId: created.json().id })
    ).json();
    expect((await send('PUT', `/assessments/${given.id}`, { status: 2 })).statusCode).toBe(204);
    expect((await send('GET', `/assessments/${given.id}`)).json().status).toBe('Ready for Review');
    await send('PUT', `/assessments/${given.id}`, { status: 'reviewed and complete' });
    expect((await send('GET', `/assessments/${given.id}`)).json().status).toBe(
      'Reviewed and Complete',
    );
    const bad = await send('PUT', `/assessments/${given.id}`, { status: 'Done-ish' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('body.status');
    expect((await send('PUT', '/assessments/999999', { status: 1 })).statusCode).toBe(404);
  });

  it('writes nothing when the status is already the one sent', async () => {
    const { created } = await bookWithAssessment();
    const other = await createLearner(ctx.db);
    const given = (
      await send('POST', '/assessments', { studentId: other.id, assessmentId: created.json().id })
    ).json();
    for (let round = 0; round < 3; round += 1)
      expect((await send('PUT', `/assessments/${given.id}`, { status: 2 })).statusCode).toBe(204);
    const updates = await ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity', '=', 'student_assessment')
      .where('entity_id', '=', String(given.id))
      .where('action', '=', 'update')
      .execute();
    expect(updates).toHaveLength(1);
  });
});

describe('DELETE /assessments/{id}', () => {
  it('deletes an unstarted self-assessment and refuses a started one', async () => {
    const fresh = (await bookWithAssessment()).created.json();
    expect((await send('DELETE', `/assessments/${fresh.id}`)).statusCode).toBe(204);
    expect((await send('GET', `/bookassessments/${fresh.id}`)).statusCode).toBe(404);
    const book = (await send('GET', `/books/${fresh.assigned_book.id}`)).json();
    expect(book.has_assessment).toBe(false);

    const started = (await bookWithAssessment()).created.json();
    await send('POST', '/assessments', { studentId: learner.id, assessmentId: started.id });
    const refused = await send('DELETE', `/assessments/${started.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Learners have started this self-assessment; it cannot be deleted.',
    );
    expect((await send('GET', `/bookassessments/${started.id}`)).statusCode).toBe(200);
    expect((await send('DELETE', '/assessments/999999')).statusCode).toBe(404);
  });
});
