import { HISTORY_ID_HEADER } from '@lp/contract/constants';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTimeline,
  assignProject,
  createAssessment,
  createCapstone,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
  recordObjective,
  startAssessment,
  tagLearner,
} from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

// Every board change writes a history entry whose undo puts back exactly the state before.

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db, { firstName: 'Sue', lastName: 'Staff' });
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token: string | null = staff.token) =>
  ctx.request({ method, url, token, ...(payload ? { payload } : {}) });

/** Every row of the learner a board change may touch, exactly as stored. */
async function boardRows(studentId: number) {
  const rows: Record<string, unknown[]> = {};
  for (const table of [
    'student_projects',
    'student_assessments',
    'learning_records',
    'student_tags',
    'notes',
    'capstones',
  ]) {
    rows[table] = (
      await sql`select * from ${sql.table(table)} where student_id = ${studentId} order by id`.execute(
        ctx.db,
      )
    ).rows;
  }
  rows.learning_record_entries = (
    await sql`select e.* from learning_record_entries e join learning_records r on r.id = e.record_id
      where r.student_id = ${studentId} order by e.id`.execute(ctx.db)
  ).rows;
  rows.capstone_timelines = (
    await sql`select t.* from capstone_timelines t join capstones c on c.id = t.capstone_id
      where c.student_id = ${studentId} order by t.id`.execute(ctx.db)
  ).rows;
  return rows;
}

async function learnerOnBoard() {
  const cohort = await createCohort(ctx.db);
  const course = await createCourse(ctx.db, { books: 2, projectsPerBook: 2 });
  const learner = await createLearner(ctx.db, { firstName: 'Una', lastName: 'Undone' });
  await enrol(ctx.db, cohort.id, learner.id);
  await assignProject(ctx.db, learner.id, course.books[0]!.projects[0]!.id);
  const assessment = await createAssessment(ctx.db, course.books[0]!.id, {
    name: 'Book One',
    weights: [10, 20],
  });
  return { cohort, course, learner, assessment };
}

const historyIdOf = (response: { headers: Record<string, unknown> }) => {
  const value = response.headers[HISTORY_ID_HEADER];
  expect(value).toMatch(/^\d+$/);
  return Number(value);
};

const undo = (learnerId: number, historyId: number, token: string | null = staff.token) =>
  call('POST', `/api/students/${learnerId}/history/${historyId}/undo`, undefined, token);

const history = async (learnerId: number) =>
  (await call('GET', `/api/students/${learnerId}/history`)).json() as Array<{
    id: number;
    action: string;
    summary: string;
    can_undo: boolean;
    undone_at: string | null;
  }>;

describe('undoing a project move', () => {
  it('removes the assignment, so the learner is back and may be moved there again', async () => {
    const { learner, course } = await learnerOnBoard();
    const next = course.books[0]!.projects[1]!;
    const before = await boardRows(learner.id);
    const moved = await call('POST', `/api/students/${learner.id}/project`, {
      projectId: next.id,
    });
    expect(moved.statusCode).toBe(201);
    expect(moved.json()).toEqual({ message: 'Success' });
    const historyId = historyIdOf(moved);
    const [item] = await history(learner.id);
    expect(item).toMatchObject({
      id: historyId,
      action: 'move',
      summary: `Moved to ${next.name} from ${course.books[0]!.projects[0]!.name}`,
      can_undo: true,
    });

    const undone = await undo(learner.id, historyId);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().message).toBe('Move undone');
    expect(await boardRows(learner.id)).toEqual(before);
    expect((await history(learner.id))[0]!.undone_at).not.toBeNull();
    expect((await undo(learner.id, historyId)).statusCode).toBe(409);

    // The duplicate rule still holds for new moves, but the undone one no longer counts.
    const again = await call('POST', `/api/students/${learner.id}/project`, { projectId: next.id });
    expect(again.statusCode).toBe(201);
    const back = await call('POST', `/api/students/${learner.id}/project`, {
      projectId: course.books[0]!.projects[0]!.id,
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toContain('duplicate');
  });

  it('refuses when the learner was moved again since, and for learners and unknown entries', async () => {
    const { learner, course } = await learnerOnBoard();
    const first = historyIdOf(
      await call('POST', `/api/students/${learner.id}/project`, {
        projectId: course.books[0]!.projects[1]!.id,
      }),
    );
    await call('POST', `/api/students/${learner.id}/project`, {
      projectId: course.books[1]!.projects[0]!.id,
    });
    const stale = await undo(learner.id, first);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      `Una Undone has moved to ${course.books[1]!.projects[0]!.name} since: this move to ${course.books[0]!.projects[1]!.name} can no longer be undone.`,
    );
    const asLearner = await ctx.request({
      method: 'POST',
      url: `/api/students/${learner.id}/history/${first}/undo`,
      token: (await createLearner(ctx.db)).token,
    });
    expect(asLearner.statusCode).toBe(403);
    expect((await undo(learner.id, 999_999)).statusCode).toBe(404);
    const other = await learnerOnBoard();
    expect((await undo(other.learner.id, first)).statusCode).toBe(404);
  });
});

describe('undoing a self-assessment start', () => {
  it('removes the untouched self-assessment, and refuses once it was submitted', async () => {
    const { learner, course } = await learnerOnBoard();
    const before = await boardRows(learner.id);
    const started = await call('POST', `/api/students/${learner.id}/assess`, {
      bookId: course.books[0]!.id,
    });
    expect(started.statusCode).toBe(201);
    const historyId = historyIdOf(started);
    expect((await history(learner.id))[0]).toMatchObject({
      action: 'start_assessment',
      summary: 'Started the Book One self-assessment',
    });
    const undone = await undo(learner.id, historyId);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().message).toBe('Self-assessment start undone');
    expect(await boardRows(learner.id)).toEqual(before);

    const again = historyIdOf(
      await call('POST', `/api/students/${learner.id}/assess`, { bookId: course.books[0]!.id }),
    );
    await call('PUT', `/api/students/${learner.id}/assess`, { statusId: 2 });
    const stale = await undo(learner.id, again);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      "Una Undone's Book One self-assessment is Ready for Review now: its start can no longer be undone.",
    );
  });
});

describe('undoing a self-assessment status change', () => {
  it('restores the status, its reviewer and date, and the objectives the review achieved', async () => {
    const { learner, assessment } = await learnerOnBoard();
    await startAssessment(ctx.db, learner.id, assessment.id, 2, '2026-01-05T10:00:00Z');
    // One objective already had an unachieved record: the review flips it, the undo flips it back.
    await recordObjective(ctx.db, learner.id, assessment.objectives[0]!.id, false);
    const before = await boardRows(learner.id);
    const reviewed = await call('PUT', `/api/students/${learner.id}/assess`, {
      statusId: 4,
      instructorNotes: 'Well done',
    });
    expect(reviewed.statusCode).toBe(204);
    const historyId = historyIdOf(reviewed);
    const after = await boardRows(learner.id);
    expect(after.learning_records).toHaveLength(2);
    expect(after.learning_record_entries).toHaveLength(2);
    const [item] = await history(learner.id);
    expect(item).toMatchObject({
      action: 'status',
      summary: 'Book One self-assessment: Ready for Review → Reviewed and Complete',
    });

    const undone = await undo(learner.id, historyId);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().message).toBe('Status change undone');
    expect(await boardRows(learner.id)).toEqual(before);
  });

  it('refuses when the status changed again since', async () => {
    const { learner, assessment } = await learnerOnBoard();
    await startAssessment(ctx.db, learner.id, assessment.id, 2);
    const first = historyIdOf(
      await call('PUT', `/api/students/${learner.id}/assess`, { statusId: 3 }),
    );
    await call('PUT', `/api/students/${learner.id}/assess`, { statusId: 1 });
    const stale = await undo(learner.id, first);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      "Una Undone's Book One self-assessment is In Progress now: this change to Reviewed and Incomplete can no longer be undone.",
    );
  });
});

describe('undoing an objective achieved', () => {
  it('removes a record the click created, with its entry', async () => {
    const { learner, assessment } = await learnerOnBoard();
    const objective = assessment.objectives[0]!;
    const before = await boardRows(learner.id);
    const achieved = await call('POST', '/api/records', {
      student: learner.id,
      weight: objective.id,
      achieved: true,
      note: 'Achieved on 3/2/2026',
    });
    expect(achieved.statusCode).toBe(201);
    expect(achieved.json().achieved).toBe(true);
    const historyId = historyIdOf(achieved);
    expect((await history(learner.id))[0]).toMatchObject({
      action: 'achieve',
      summary: `Achieved ${objective.label}`,
    });
    const undone = await undo(learner.id, historyId);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().message).toBe('Objective no longer achieved');
    expect(await boardRows(learner.id)).toEqual(before);
  });

  it('flips an existing record back and removes only the entry the click added', async () => {
    const { learner, assessment } = await learnerOnBoard();
    const record = await recordObjective(ctx.db, learner.id, assessment.objectives[1]!.id, false);
    await ctx.db
      .insertInto('learning_record_entries')
      .values({ record_id: record.id, note: 'Working on it', instructor_id: staff.id })
      .execute();
    const before = await boardRows(learner.id);
    const achieved = await call('PUT', `/api/records/${record.id}`, {
      achieved: true,
      note: 'Achieved on 3/2/2026',
    });
    expect(achieved.statusCode).toBe(204);
    const historyId = historyIdOf(achieved);
    expect((await undo(learner.id, historyId)).statusCode).toBe(200);
    expect(await boardRows(learner.id)).toEqual(before);
  });

  it('refuses when the objective is no longer achieved', async () => {
    const { learner, assessment } = await learnerOnBoard();
    const achieved = await call('POST', '/api/records', {
      student: learner.id,
      weight: assessment.objectives[0]!.id,
      achieved: true,
      note: 'Achieved',
    });
    await call('PUT', `/api/records/${achieved.json().id}`, { achieved: false });
    const stale = await undo(learner.id, historyIdOf(achieved));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      `${assessment.objectives[0]!.label} is not marked achieved for Una Undone any more: there is nothing to undo.`,
    );
  });
});

describe('undoing a capstone timeline step', () => {
  it('removes the step (MVP included), and refuses once a later step was added', async () => {
    const { learner, course } = await learnerOnBoard();
    const capstone = await createCapstone(ctx.db, learner.id, course.id, 'https://proposal');
    await addTimeline(ctx.db, capstone.id, 1, '2026-02-01T10:00:00Z');
    const before = await boardRows(learner.id);
    const mvp = await call('POST', '/api/timelines', { capstone: capstone.id, status: 4 });
    expect(mvp.statusCode).toBe(201);
    const historyId = historyIdOf(mvp);
    expect((await history(learner.id))[0]).toMatchObject({
      action: 'capstone_step',
      summary: `${course.name} capstone proposal marked MVP`,
    });
    const undone = await undo(learner.id, historyId);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().message).toBe('Capstone step undone');
    expect(await boardRows(learner.id)).toEqual(before);

    const approved = historyIdOf(
      await call('POST', '/api/timelines', { capstone: capstone.id, status: 3 }),
    );
    await call('POST', '/api/timelines', { capstone: capstone.id, status: 4 });
    const stale = await undo(learner.id, approved);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      `The ${course.name} capstone proposal is marked MVP since: this step can no longer be undone.`,
    );
  });
});

describe('undoing a tag removal', () => {
  it('puts the same link back, and refuses when the learner has the tag again', async () => {
    const { learner } = await learnerOnBoard();
    const link = await tagLearner(ctx.db, learner.id, 'Needs pairing');
    const before = await boardRows(learner.id);
    const removed = await call('DELETE', `/api/studenttags/${link.id}`);
    expect(removed.statusCode).toBe(204);
    const historyId = historyIdOf(removed);
    expect((await history(learner.id))[0]).toMatchObject({
      action: 'untag',
      summary: "Tag 'Needs pairing' removed",
    });
    const undone = await undo(learner.id, historyId);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().message).toBe('Tag restored');
    expect(await boardRows(learner.id)).toEqual(before);

    const again = historyIdOf(await call('DELETE', `/api/studenttags/${link.id}`));
    await tagLearner(ctx.db, learner.id, 'Needs pairing');
    const stale = await undo(learner.id, again);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe("Una Undone has the tag 'Needs pairing' again.");
  });
});

describe('undoing a note removal', () => {
  it('puts the note back as it was, once', async () => {
    const { learner } = await learnerOnBoard();
    const added = await call('POST', '/api/notes', {
      studentId: learner.id,
      type: 3,
      note: 'Talked about pacing this week',
    });
    const before = await boardRows(learner.id);
    const removed = await call('DELETE', `/api/notes/${added.json().id}`);
    expect(removed.statusCode).toBe(204);
    const historyId = historyIdOf(removed);
    expect((await history(learner.id))[0]).toMatchObject({
      action: 'remove_note',
      summary: 'Note removed: “Talked about pacing this week”',
    });
    const undone = await undo(learner.id, historyId);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().message).toBe('Note restored');
    expect(await boardRows(learner.id)).toEqual(before);
    const again = await undo(learner.id, historyId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This has already been undone.');
  });
});
