import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentProjectOf } from '../../../test/calendar-factories.ts';
import {
  addCohortCourse,
  assignProject,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const migrate = (id: number, token: string | null) =>
  ctx.request({ method: 'PUT', url: `/api/cohorts/${id}/migrate`, token });
const undo = (id: number | string, token: string | null) =>
  ctx.request({ method: 'DELETE', url: `/api/cohorts/${id}/migrate`, token });

/**
 * A cohort on its client side course with two learners: Ada, on its first project, and Bo, who
 * had the server side's first project long ago (a repeat) and is on a later client project now.
 */
async function cohortBeforeMigration() {
  const cohort = await createCohort(ctx.db);
  const client = await createCourse(ctx.db, { name: 'Client' });
  const server = await createCourse(ctx.db, { name: 'Server' });
  await addCohortCourse(ctx.db, cohort.id, client.id, 0, true);
  await addCohortCourse(ctx.db, cohort.id, server.id, 1, false);
  const serverFirst = server.books[0]!.projects[0]!;
  const [clientFirst, clientLater] = client.books[0]!.projects;
  const ada = await createLearner(ctx.db, { firstName: 'Ada', lastName: 'Lovelace' });
  const bo = await createLearner(ctx.db, { firstName: 'Bo', lastName: 'Chen' });
  for (const learner of [ada, bo]) await enrol(ctx.db, cohort.id, learner.id);
  await assignProject(ctx.db, ada.id, clientFirst!.id, '2026-01-05T15:00:00.123456Z');
  const repeat = await assignProject(ctx.db, bo.id, serverFirst.id, '2025-06-01T15:00:00.654321Z');
  await assignProject(ctx.db, bo.id, clientLater!.id, '2026-02-01T15:00:00Z');
  return {
    cohort,
    ada,
    bo,
    clientFirst: clientFirst!,
    clientLater: clientLater!,
    serverFirst,
    repeat,
  };
}

const activeCourses = async (cohortId: number) =>
  (
    await ctx.db
      .selectFrom('cohort_courses')
      .select('active')
      .where('cohort_id', '=', cohortId)
      .orderBy('index')
      .execute()
  ).map((row) => row.active);

const assignmentsOf = (studentId: number) =>
  ctx.db
    .selectFrom('student_projects')
    .select(['id', 'project_id', 'assigned_by'])
    .select((eb) => eb.cast<string>('assigned_at', 'text').as('assigned_at'))
    .where('student_id', '=', studentId)
    .orderBy('id')
    .execute();

describe('DELETE /cohorts/{id}/migrate', () => {
  it("puts every learner's projects and the active course back as before the migration", async () => {
    const staff = await createStaff(ctx.db);
    const { cohort, ada, bo, clientFirst, clientLater, serverFirst } =
      await cohortBeforeMigration();
    const before = { ada: await assignmentsOf(ada.id), bo: await assignmentsOf(bo.id) };
    expect((await migrate(cohort.id, staff.token)).statusCode).toBe(204);
    expect(await currentProjectOf(ctx.db, ada.id)).toMatchObject({ id: serverFirst.id });
    expect(await currentProjectOf(ctx.db, bo.id)).toMatchObject({ id: serverFirst.id });

    const undone = await undo(cohort.id, staff.token);
    expect(undone.statusCode).toBe(204);
    expect(await assignmentsOf(ada.id)).toEqual(before.ada);
    // The repeat keeps its old date, to the microsecond.
    expect(await assignmentsOf(bo.id)).toEqual(before.bo);
    expect(await currentProjectOf(ctx.db, ada.id)).toMatchObject({ id: clientFirst.id });
    expect(await currentProjectOf(ctx.db, bo.id)).toMatchObject({ id: clientLater.id });
    expect(await activeCourses(cohort.id)).toEqual([true, false]);
    const log = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity', '=', 'cohort')
      .where('entity_id', '=', String(cohort.id))
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { action: 'migrate', actor_id: staff.id },
      { action: 'unmigrate', actor_id: staff.id },
    ]);

    // Nothing left to undo; and the cohort migrates again as before.
    expect((await undo(cohort.id, staff.token)).statusCode).toBe(404);
    expect((await migrate(cohort.id, staff.token)).statusCode).toBe(204);
    expect(await currentProjectOf(ctx.db, ada.id)).toMatchObject({ id: serverFirst.id });
  });

  it('refuses once a learner moved on, naming them, and changes nothing', async () => {
    const staff = await createStaff(ctx.db);
    const { cohort, bo, serverFirst } = await cohortBeforeMigration();
    expect((await migrate(cohort.id, staff.token)).statusCode).toBe(204);
    const next = await createCourse(ctx.db);
    await assignProject(ctx.db, bo.id, next.books[0]!.projects[0]!.id);
    const refused = await undo(cohort.id, staff.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Bo Chen moved on since: the migration can no longer be undone.',
    );
    expect(await activeCourses(cohort.id)).toEqual([false, true]);
    expect((await assignmentsOf(bo.id)).some((row) => row.project_id === serverFirst.id)).toBe(
      true,
    );
  });

  it('refuses anonymous callers (401) and learners (403); 404 for an unknown cohort, 400 for a bad id', async () => {
    const staff = await createStaff(ctx.db);
    const { cohort, ada } = await cohortBeforeMigration();
    expect((await migrate(cohort.id, staff.token)).statusCode).toBe(204);
    expect((await undo(cohort.id, null)).statusCode).toBe(401);
    expect((await undo(cohort.id, ada.token)).statusCode).toBe(403);
    expect(await activeCourses(cohort.id)).toEqual([false, true]);
    expect((await undo(999999, staff.token)).statusCode).toBe(404);
    const bad = await undo('abc', staff.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('id');
    const fresh = await createCohort(ctx.db, { name: 'Never Migrated' });
    const nothing = await undo(fresh.id, staff.token);
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json().message).toContain('Migration');
  });
});
