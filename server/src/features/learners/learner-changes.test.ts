import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCoach,
  addCohortCourse,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
  giveProgress,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let coach: Awaited<ReturnType<typeof createStaff>>;
let otherCoach: Awaited<ReturnType<typeof createStaff>>;
let home: Awaited<ReturnType<typeof createCohort>>;
let away: Awaited<ReturnType<typeof createCohort>>;

beforeAll(async () => {
  ctx = await createTestContext();
  coach = await createStaff(ctx.db);
  otherCoach = await createStaff(ctx.db);
  home = await createCohort(ctx.db, { name: 'Home Cohort' });
  away = await createCohort(ctx.db, { name: 'Away Cohort' });
  await addCoach(ctx.db, home.id, coach.id);
  await addCoach(ctx.db, away.id, otherCoach.id);
});
afterAll(() => ctx.close());

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token: string | null,
  payload?: Record<string, unknown>,
) => ctx.request({ method, url, token, payload });

/** Every row "Clear Student Data" touches, exactly as stored. */
async function progressRows(studentId: number) {
  const owned = [
    'cohort_memberships',
    'student_projects',
    'student_assessments',
    'learning_records',
    'core_skill_records',
    'capstones',
    'student_tags',
  ];
  const rows: Record<string, unknown[]> = {};
  for (const table of owned) {
    const owner = table === 'cohort_memberships' ? 'person_id' : 'student_id';
    rows[table] = (
      await sql`select * from ${sql.table(table)} where ${sql.ref(owner)} = ${studentId} order by id`.execute(
        ctx.db,
      )
    ).rows;
  }
  const children = [
    ['learning_record_entries', 'learning_records', 'record_id'],
    ['core_skill_record_entries', 'core_skill_records', 'record_id'],
    ['capstone_timelines', 'capstones', 'capstone_id'],
  ] as const;
  for (const [table, parent, fk] of children) {
    rows[table] = (
      await sql`select c.* from ${sql.table(table)} c join ${sql.table(parent)} p on p.id = ${sql.ref(`c.${fk}`)} where p.student_id = ${studentId} order by c.id`.execute(
        ctx.db,
      )
    ).rows;
  }
  return rows;
}

async function learnerWithProgress() {
  const learner = await createLearner(ctx.db, { firstName: 'Pat', lastName: 'Progress' });
  await enrol(ctx.db, home.id, learner.id);
  await giveProgress(ctx.db, learner.id, coach.id);
  return learner;
}

describe('who may clear, delete, transfer and undo', () => {
  it('refuses anonymous callers (401) and learners, even about themselves (403), and changes nothing', async () => {
    const learner = await learnerWithProgress();
    const before = await progressRows(learner.id);
    const calls = [
      { method: 'DELETE' as const, url: `/api/students/${learner.id}?soft=true` },
      { method: 'DELETE' as const, url: `/api/students/${learner.id}` },
      {
        method: 'POST' as const,
        url: `/api/students/${learner.id}/transfer`,
        payload: { cohortId: away.id },
      },
      { method: 'GET' as const, url: `/api/students/${learner.id}/history` },
      { method: 'POST' as const, url: `/api/students/${learner.id}/history/1/undo` },
    ];
    for (const request of calls) {
      expect(
        (await call(request.method, request.url, null, request.payload)).statusCode,
        request.url,
      ).toBe(401);
      expect(
        (await call(request.method, request.url, learner.token, request.payload)).statusCode,
        request.url,
      ).toBe(403);
    }
    expect(await progressRows(learner.id)).toEqual(before);
  });
});

describe('Clear Student Data (DELETE /students/{id}?soft=true)', () => {
  it('removes progress, tags and membership, answers what it removed, keeps notes and the account', async () => {
    const learner = await learnerWithProgress();
    // Any staff member may: here an instructor of another cohort.
    const response = await call(
      'DELETE',
      `/api/students/${learner.id}?soft=true`,
      otherCoach.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      learner: { id: learner.id, name: 'Pat Progress' },
      left_cohort: { id: home.id, name: 'Home Cohort' },
      removed: {
        projects: 1,
        assessments: 1,
        learning_records: 1,
        learning_record_entries: 1,
        core_skill_records: 1,
        core_skill_record_entries: 1,
        capstones: 1,
        capstone_timelines: 1,
        tags: 1,
        cohort_memberships: 1,
      },
      history_id: expect.any(Number),
    });
    const undoUntil = new Date(response.json().undo_until).getTime();
    expect(undoUntil - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const rows = await progressRows(learner.id);
    expect(Object.values(rows).every((list) => list.length === 0)).toBe(true);
    const detail = (await call('GET', `/api/students/${learner.id}`, coach.token)).json();
    expect(detail).toMatchObject({ current_cohort: null, score: 0, project: { id: 0 } });
    const notes = (await call('GET', `/api/notes?studentId=${learner.id}`, coach.token)).json();
    expect(notes).toHaveLength(1);
    expect(detail.feedback).toHaveLength(1);
  });

  it('answers a clear with nothing left so, and writes no history entry', async () => {
    const learner = await learnerWithProgress();
    const clear = () => call('DELETE', `/api/students/${learner.id}?soft=true`, coach.token);
    expect((await clear()).statusCode).toBe(200);
    const again = await clear();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      message: 'Pat Progress has no data left to clear: nothing was changed.',
      learner: { id: learner.id, name: 'Pat Progress' },
      left_cohort: null,
      removed: { projects: 0, tags: 0, cohort_memberships: 0 },
      history_id: null,
      undo_until: null,
    });
    const history = (await call('GET', `/api/students/${learner.id}/history`, coach.token)).json();
    expect(history.map((item: { action: string }) => item.action)).toEqual(['clear']);
    const clears = await ctx.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity', '=', 'learner')
      .where('entity_id', '=', String(learner.id))
      .where('action', '=', 'clear')
      .execute();
    expect(clears).toHaveLength(1);
  });

  it('undoes a clear exactly, once', async () => {
    const learner = await learnerWithProgress();
    const before = await progressRows(learner.id);
    const cleared = (
      await call('DELETE', `/api/students/${learner.id}?soft=true`, coach.token)
    ).json();
    const undo = await call(
      'POST',
      `/api/students/${learner.id}/history/${cleared.history_id}/undo`,
      otherCoach.token,
    );
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toEqual({
      message: 'Student data restored',
      learner: { id: learner.id, name: 'Pat Progress' },
      current_cohort: { id: home.id, name: 'Home Cohort' },
    });
    expect(await progressRows(learner.id)).toEqual(before);
    expect((await call('GET', `/api/students/${learner.id}`, coach.token)).json().score).toBe(7);
    const again = await call(
      'POST',
      `/api/students/${learner.id}/history/${cleared.history_id}/undo`,
      coach.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This has already been undone.');
  });

  it('refuses to restore while the learner is in another cohort, and restores nothing', async () => {
    const learner = await learnerWithProgress();
    const cleared = (
      await call('DELETE', `/api/students/${learner.id}?soft=true`, coach.token)
    ).json();
    await call('POST', `/api/students/${learner.id}/transfer`, coach.token, { cohortId: away.id });
    const rowsBefore = await progressRows(learner.id);
    const undo = await call(
      'POST',
      `/api/students/${learner.id}/history/${cleared.history_id}/undo`,
      coach.token,
    );
    expect(undo.statusCode).toBe(409);
    expect(undo.json().message).toContain('is in Away Cohort now');
    expect(await progressRows(learner.id)).toEqual(rowsBefore);
  });

  it('refuses an undo after 30 days', async () => {
    const learner = await learnerWithProgress();
    const cleared = (
      await call('DELETE', `/api/students/${learner.id}?soft=true`, coach.token)
    ).json();
    const original = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '=', cleared.history_id)
      .executeTakeFirstOrThrow();
    const old = await ctx.db
      .insertInto('audit_log')
      .values({
        actor_id: coach.id,
        action: 'clear',
        entity: 'learner',
        entity_id: String(learner.id),
        before: JSON.stringify(original.before),
        after: JSON.stringify(original.after),
        created_at: new Date(Date.now() - 31 * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const undo = await call(
      'POST',
      `/api/students/${learner.id}/history/${old.id}/undo`,
      coach.token,
    );
    expect(undo.statusCode).toBe(409);
    expect(undo.json().message).toBe('This can no longer be undone: undo is possible for 30 days.');
    const history = (await call('GET', `/api/students/${learner.id}/history`, coach.token)).json();
    expect(history.find((item: { id: number }) => item.id === old.id).can_undo).toBe(false);
  });

  it('answers 404 for unknown learners, staff ids and unknown history entries', async () => {
    expect((await call('DELETE', '/api/students/999999?soft=true', coach.token)).statusCode).toBe(
      404,
    );
    expect(
      (await call('DELETE', `/api/students/${otherCoach.id}?soft=true`, coach.token)).statusCode,
    ).toBe(404);
    const learner = await learnerWithProgress();
    expect(
      (await call('POST', `/api/students/${learner.id}/history/999999/undo`, coach.token))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/students/999999/history', coach.token)).statusCode).toBe(404);
  });
});

describe('Transfer (POST /students/{id}/transfer)', () => {
  it('moves the learner and keeps their history; undo moves them back', async () => {
    const learner = await learnerWithProgress();
    const before = await progressRows(learner.id);
    const response = await call('POST', `/api/students/${learner.id}/transfer`, coach.token, {
      cohortId: away.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Student transferred',
      from: { id: home.id, name: 'Home Cohort' },
      to: { id: away.id, name: 'Away Cohort' },
      assigned_project: null,
    });
    const detail = (await call('GET', `/api/students/${learner.id}`, coach.token)).json();
    expect(detail.current_cohort).toEqual({ id: away.id, name: 'Away Cohort' });
    expect(
      detail.cohorts.map((m: { cohort: { name: string }; left_at: string | null }) => [
        m.cohort.name,
        m.left_at === null,
      ]),
    ).toEqual([
      ['Away Cohort', true],
      ['Home Cohort', false],
    ]);
    expect(detail.score).toBe(7);
    const after = await progressRows(learner.id);
    for (const table of Object.keys(before).filter((name) => name !== 'cohort_memberships'))
      expect(after[table], table).toEqual(before[table]);

    const undo = await call(
      'POST',
      `/api/students/${learner.id}/history/${response.json().history_id}/undo`,
      coach.token,
    );
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toMatchObject({
      message: 'Transfer undone',
      current_cohort: { id: home.id },
    });
    expect(await progressRows(learner.id)).toEqual(before);
  });

  it("gives the target cohort's first project only when none of the learner's projects is in its courses", async () => {
    const course = await createCourse(ctx.db, { name: 'Python' });
    const pythonCohort = await createCohort(ctx.db, { name: 'Python Cohort' });
    const otherPython = await createCohort(ctx.db, { name: 'Python Cohort B' });
    await addCohortCourse(ctx.db, pythonCohort.id, course.id, 0, true);
    await addCohortCourse(ctx.db, otherPython.id, course.id, 0, true);
    const learner = await learnerWithProgress();
    const first = (
      await call('POST', `/api/students/${learner.id}/transfer`, coach.token, {
        cohortId: pythonCohort.id,
      })
    ).json();
    expect(first.assigned_project).toEqual({
      id: course.books[0]!.projects[0]!.id,
      name: 'Project 1.1',
    });
    expect(
      (await call('GET', `/api/students/${learner.id}`, coach.token)).json().project.name,
    ).toBe('Project 1.1');
    const second = (
      await call('POST', `/api/students/${learner.id}/transfer`, coach.token, {
        cohortId: otherPython.id,
      })
    ).json();
    expect(second.assigned_project).toBeNull();

    // The first transfer cannot be undone once the learner moved on; the second can, then the first.
    const stale = await call(
      'POST',
      `/api/students/${learner.id}/history/${first.history_id}/undo`,
      coach.token,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('has moved to Python Cohort B since');
    expect(
      (
        await call(
          'POST',
          `/api/students/${learner.id}/history/${second.history_id}/undo`,
          coach.token,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(
          'POST',
          `/api/students/${learner.id}/history/${first.history_id}/undo`,
          coach.token,
        )
      ).statusCode,
    ).toBe(200);
    const projects = await ctx.db
      .selectFrom('student_projects')
      .select('project_id')
      .where('student_id', '=', learner.id)
      .execute();
    expect(projects.map((row) => row.project_id)).not.toContain(course.books[0]!.projects[0]!.id);
  });

  it('answers 404 for an unknown cohort or learner, 409 for the current cohort, 400 naming cohortId', async () => {
    const learner = await learnerWithProgress();
    expect(
      (
        await call('POST', `/api/students/${learner.id}/transfer`, coach.token, {
          cohortId: 999999,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/students/999999/transfer', coach.token, { cohortId: away.id }))
        .statusCode,
    ).toBe(404);
    const same = await call('POST', `/api/students/${learner.id}/transfer`, coach.token, {
      cohortId: home.id,
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('Pat Progress is already in Home Cohort.');
    const missing = await call('POST', `/api/students/${learner.id}/transfer`, coach.token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('body.cohortId is required');
    const memberships = await ctx.db
      .selectFrom('cohort_memberships')
      .selectAll()
      .where('person_id', '=', learner.id)
      .execute();
    expect(memberships).toHaveLength(1);
    expect(memberships[0]!.left_at).toBeNull();
  });
});

describe('GET /students/{id}/history', () => {
  it('lists clears and transfers newest first, with who, a summary and whether they can be undone', async () => {
    const learner = await learnerWithProgress();
    const moved = (
      await call('POST', `/api/students/${learner.id}/transfer`, coach.token, { cohortId: away.id })
    ).json();
    await call('POST', `/api/students/${learner.id}/history/${moved.history_id}/undo`, coach.token);
    await call('DELETE', `/api/students/${learner.id}?soft=true`, coach.token);
    const history = (
      await call('GET', `/api/students/${learner.id}/history`, otherCoach.token)
    ).json();
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      action: 'clear',
      summary:
        'Cleared 1 project, 1 assessment, 1 learning record, 1 core skill rating, 1 capstone, 1 tag; left Home Cohort',
      undone_at: null,
      can_undo: true,
    });
    expect(history[1]).toMatchObject({
      action: 'transfer',
      summary: 'Transferred from Home Cohort to Away Cohort',
      can_undo: false,
    });
    expect(history[1].undone_at).toEqual(expect.any(String));
    expect(history[0].actor).toContain('First');
  });
});

describe('Delete Student Permanently (DELETE /students/{id})', () => {
  it('removes the person and everything about them, answering what it removed; not undoable', async () => {
    const learner = await learnerWithProgress();
    // Their own earlier changes stay in the audit log, without them as the actor.
    await ctx.request({
      method: 'PUT',
      url: `/api/students/${learner.id}`,
      token: learner.token,
      payload: { slack_handle: 'U0GONE' },
    });
    const response = await call('DELETE', `/api/students/${learner.id}`, otherCoach.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      learner: { id: learner.id, name: 'Pat Progress' },
      removed: {
        projects: 1,
        learning_records: 1,
        tags: 1,
        cohort_memberships: 1,
        notes: 1,
        feedback: 1,
      },
    });
    expect((await call('GET', `/api/students/${learner.id}`, coach.token)).statusCode).toBe(404);
    const person = await ctx.db
      .selectFrom('people')
      .select('id')
      .where('id', '=', learner.id)
      .execute();
    expect(person).toHaveLength(0);
    const notes = await ctx.db
      .selectFrom('notes')
      .select('id')
      .where('student_id', '=', learner.id)
      .execute();
    expect(notes).toHaveLength(0);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['before'])
      .where('entity', '=', 'learner')
      .where('entity_id', '=', String(learner.id))
      .where('action', '=', 'delete')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({
      learner: { name: 'Pat Progress' },
      removed: { notes: 1 },
    });
    expect((await call('GET', `/api/students/${learner.id}/history`, coach.token)).statusCode).toBe(
      404,
    );
  });

  it('removes the data of their earlier history from the audit log, which stays append-only', async () => {
    const learner = await learnerWithProgress();
    expect(
      (await call('DELETE', `/api/students/${learner.id}?soft=true`, coach.token)).statusCode,
    ).toBe(200);
    const cleared = await ctx.db
      .selectFrom('audit_log')
      .select(['id', 'before'])
      .where('entity', '=', 'learner')
      .where('entity_id', '=', String(learner.id))
      .where('action', '!=', 'delete')
      .execute();
    expect(cleared.length).toBeGreaterThan(0);
    expect(JSON.stringify(cleared.map((row) => row.before))).toContain(String(learner.id));

    expect((await call('DELETE', `/api/students/${learner.id}`, coach.token)).statusCode).toBe(200);
    const after = await ctx.db
      .selectFrom('audit_log')
      .select(['before', 'after', 'action'])
      .where(
        'id',
        'in',
        cleared.map((row) => row.id),
      )
      .execute();
    expect(after.every((row) => JSON.stringify(row.before) === '{"redacted":true}')).toBe(true);
    // Anything but a redaction is still refused.
    await expect(
      sql`update audit_log set action = 'rewritten' where id = ${cleared[0]!.id}`.execute(ctx.db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`update audit_log set before = '{"changed": 1}' where id = ${cleared[0]!.id}`.execute(
        ctx.db,
      ),
    ).rejects.toThrow(/append-only/);
  });

  it('treats ?soft=false as a permanent delete and answers 404 for unknown ids and staff', async () => {
    const learner = await learnerWithProgress();
    const response = await call('DELETE', `/api/students/${learner.id}?soft=false`, coach.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().removed.notes).toBe(1);
    expect((await call('DELETE', '/api/students/999999', coach.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/students/${otherCoach.id}`, coach.token)).statusCode).toBe(
      404,
    );
    const staffRow = await ctx.db
      .selectFrom('people')
      .select('id')
      .where('id', '=', otherCoach.id)
      .execute();
    expect(staffRow).toHaveLength(1);
  });
});
