import type { RosterImport } from '@lp/contract/roster';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCohort,
  createLearner,
  createStaff,
  enrol,
  leaveCohort,
} from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
let staff: Awaited<ReturnType<typeof createStaff>>;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
});
afterAll(() => ctx.close());

let n = 0;
const login = () => {
  n += 1;
  return `undo-learner-${n}`;
};

async function applyRoster(cohortId: number, lines: string[]) {
  const response = await ctx.request({
    method: 'POST',
    url: `/api/cohorts/${cohortId}/roster`,
    token: staff.token,
    headers: { 'content-type': 'text/csv' },
    payload: ['First name,Last name,GitHub login,Email', ...lines].join('\n'),
  });
  expect(response.statusCode).toBe(200);
  return response.json<RosterImport>();
}

const undo = (cohortId: number, importId: number | null, token: string | null = staff.token) =>
  ctx.request({
    method: 'POST',
    url: `/api/cohorts/${cohortId}/roster/${importId}/undo`,
    token,
  });

const currentMembers = async (cohortId: number) =>
  (
    await ctx.db
      .selectFrom('cohort_memberships')
      .select('person_id')
      .where('cohort_id', '=', cohortId)
      .where('left_at', 'is', null)
      .orderBy('person_id')
      .execute()
  ).map((row) => row.person_id);

describe('POST /cohorts/{id}/roster/{importId}/undo', () => {
  it('takes the learners an import brought in out of the cohort again, once', async () => {
    const cohort = await createCohort(ctx.db);
    const before = await createLearner(ctx.db);
    await enrol(ctx.db, cohort.id, before.id);
    const freeLogin = login();
    const free = await createLearner(ctx.db, { githubLogin: freeLogin });
    const applied = await applyRoster(cohort.id, [
      `New,One,${login()},one@example.com`,
      `Free,Two,${freeLogin},two@example.com`,
    ]);
    expect(applied.import_id).toEqual(expect.any(Number));
    expect(await currentMembers(cohort.id)).toHaveLength(3);

    const response = await undo(cohort.id, applied.import_id);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: `Removed 2 learners from ${cohort.name} again`,
      removed: 2,
    });
    expect(await currentMembers(cohort.id)).toEqual([before.id]);
    const out = await ctx.db
      .selectFrom('board_changes')
      .select('student_id')
      .where('cohort_id', '=', cohort.id)
      .where('kind', '=', 'transfer-out')
      .execute();
    expect(out).toHaveLength(2);
    expect(out.map((row) => row.student_id)).toContain(free.id);

    const again = await undo(cohort.id, applied.import_id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This import was already undone.' });
  });

  it('leaves alone a learner who has left the cohort since', async () => {
    const cohort = await createCohort(ctx.db);
    const fresh = login();
    const applied = await applyRoster(cohort.id, [`Gone,Since,${fresh},g@example.com`]);
    const person = await ctx.db
      .selectFrom('people')
      .select('id')
      .where('github_login', '=', fresh)
      .executeTakeFirstOrThrow();
    await leaveCohort(ctx.db, person.id);
    const other = await createCohort(ctx.db);
    await enrol(ctx.db, other.id, person.id);

    const response = await undo(cohort.id, applied.import_id);
    expect(response.json()).toMatchObject({ removed: 0 });
    expect(await currentMembers(other.id)).toEqual([person.id]);
  });

  it("404 for an import that is not the cohort's; staff work", async () => {
    const cohort = await createCohort(ctx.db);
    const applied = await applyRoster(cohort.id, [`A,B,${login()},a@example.com`]);
    const other = await createCohort(ctx.db);
    expect((await undo(other.id, applied.import_id)).statusCode).toBe(404);
    expect((await undo(cohort.id, 999_999)).statusCode).toBe(404);
    expect((await undo(999_999, applied.import_id)).statusCode).toBe(404);
    expect((await undo(cohort.id, applied.import_id, null)).statusCode).toBe(401);
    const learner = await createLearner(ctx.db);
    expect((await undo(cohort.id, applied.import_id, learner.token)).statusCode).toBe(403);
    expect(await currentMembers(cohort.id)).toHaveLength(1);
  });
});
