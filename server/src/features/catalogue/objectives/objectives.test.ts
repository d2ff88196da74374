import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLearner, createStaff } from '../../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

let ctx: TestContext;
let staff: { id: number; token: string };
let learner: { id: number; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
  learner = await createLearner(ctx.db);
});
afterAll(() => ctx.close());

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token: string | null = staff.token,
) => ctx.request({ method, url: `/api${url}`, token, payload });

describe('/weights', () => {
  it('lets staff add, rename and re-weight objectives, listed by tier', async () => {
    const later = await send('POST', '/weights', { label: 'Design an ERD', weight: 20, tier: 3 });
    expect(later.statusCode).toBe(201);
    expect(later.json()).toEqual({
      id: expect.any(Number),
      label: 'Design an ERD',
      weight: 20,
      tier: 3,
    });
    const early = (await send('POST', '/weights', { label: 'Use a variable', weight: 5 })).json();
    expect(early.tier).toBe(1);

    const renamed = await send('PUT', `/weights/${later.json().id}`, {
      label: 'Design an ERD for a capstone',
      weight: 25,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({
      id: later.json().id,
      label: 'Design an ERD for a capstone',
      weight: 25,
      tier: 3,
    });

    const listed = (await send('GET', '/weights', undefined, learner.token)).json();
    const ids = listed.map((o: { id: number }) => o.id);
    expect(ids.indexOf(early.id)).toBeLessThan(ids.indexOf(later.json().id));
    const tiered = (await send('GET', '/weights?tiermin=2&tiermax=3')).json();
    expect(tiered.map((o: { id: number }) => o.id)).toEqual([later.json().id]);
  });

  it('refuses duplicate labels, bad input and unknown ids', async () => {
    await send('POST', '/weights', { label: 'Read docs', weight: 1 });
    const duplicate = await send('POST', '/weights', { label: ' read DOCS ', weight: 2 });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(
      "A learning objective labelled 'read DOCS' already exists.",
    );
    for (const [payload, field] of [
      [{ weight: 1 }, 'body.label'],
      [{ label: 'No weight' }, 'body.weight'],
      [{ label: 'Negative', weight: -1 }, 'body.weight'],
      [{ label: 'x'.repeat(128), weight: 1 }, 'body.label'],
      [{ label: '   ', weight: 1 }, 'body.label'],
    ] as const) {
      const response = await send('POST', '/weights', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    }
    expect((await send('PUT', '/weights/999999', { weight: 3 })).statusCode).toBe(404);
    expect((await send('DELETE', '/weights/999999')).statusCode).toBe(404);
  });

  it("lists a learner's remaining objectives for staff only", async () => {
    const [achieved, pending, untouched] = await Promise.all(
      ['Remaining A', 'Remaining B', 'Remaining C'].map(async (label) =>
        (await send('POST', '/weights', { label, weight: 1, tier: 9 })).json(),
      ),
    );
    await ctx.db
      .insertInto('learning_records')
      .values([
        { student_id: learner.id, objective_id: achieved.id, achieved: true },
        { student_id: learner.id, objective_id: pending.id, achieved: false },
      ])
      .execute();
    const remaining = await send('GET', `/weights?studentId=${learner.id}&tiermin=9&tiermax=9`);
    expect(remaining.statusCode).toBe(200);
    expect(
      remaining
        .json()
        .map((o: { id: number }) => o.id)
        .sort(),
    ).toEqual([pending.id, untouched.id].sort());
    const denied = await send('GET', `/weights?studentId=${learner.id}`, undefined, learner.token);
    expect(denied.statusCode).toBe(403);
    expect((await send('GET', '/weights?studentId=999999')).statusCode).toBe(404);
  });

  it('deletes an unused objective and refuses one learners have records of', async () => {
    const unused = (await send('POST', '/weights', { label: 'Unused', weight: 1 })).json();
    expect((await send('DELETE', `/weights/${unused.id}`)).statusCode).toBe(204);
    const used = (await send('POST', '/weights', { label: 'Used', weight: 1 })).json();
    await ctx.db
      .insertInto('learning_records')
      .values({ student_id: learner.id, objective_id: used.id, achieved: true })
      .execute();
    const refused = await send('DELETE', `/weights/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Learners have records for this objective; it cannot be deleted.',
    );
    const still = (await send('GET', '/weights')).json();
    expect(still.map((o: { id: number }) => o.id)).toContain(used.id);
  });
});
