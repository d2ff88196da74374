import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCohortCourse,
  createCohort,
  createCourse,
  createLearner,
  createStaff,
  enrol,
} from '../../../test/factories.ts';
import { FakeLtiPlatform, ROLES } from '../../../test/fake-lti-platform.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

// A cohort's learners from its LMS course's roster (Names and Role Provisioning Services), with
// the CSV roster's preview, all-or-nothing apply and undo.

let ctx: TestContext;
let lms: FakeLtiPlatform;
let staff: Awaited<ReturnType<typeof createStaff>>;
let cohort: { id: number; name: string };
let contextId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  lms = await new FakeLtiPlatform().start();
  // The fake checks our client assertions against our JWKS.
  lms.toolKeys = async () => (await ctx.request({ method: 'GET', url: '/api/lti/jwks' })).json();
  staff = await createStaff(ctx.db);
  const platform = await ctx.request({
    method: 'POST',
    url: '/api/lti/platforms',
    token: staff.token,
    payload: lms.registration(),
  });
  cohort = await createCohort(ctx.db, { name: 'Day Cohort 70' });
  const course = await createCourse(ctx.db);
  await addCohortCourse(ctx.db, cohort.id, course.id, 0, true);
  const context = await ctx.db
    .insertInto('lti_contexts')
    .values({
      platform_id: platform.json().id,
      deployment_id: lms.deploymentId,
      context_id: lms.course.id,
      title: lms.course.title,
      memberships_url: `${lms.url}/contexts/${lms.course.id}/memberships`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  contextId = context.id;
});
afterAll(async () => {
  await ctx.close();
  await lms.stop();
});

const sync = (dryRun: boolean, id = contextId) =>
  ctx.request({
    method: 'POST',
    url: `/api/lti/contexts/${id}/roster${dryRun ? '?dry_run=true' : ''}`,
    token: staff.token,
  });

const boardNames = async () =>
  (
    await ctx.request({
      method: 'GET',
      url: `/api/students?cohort=${cohort.id}`,
      token: staff.token,
    })
  )
    .json()
    .map((card: { name: string }) => card.name)
    .sort();

const linkTo = (cohortId: number | null) =>
  ctx.request({
    method: 'PUT',
    url: `/api/lti/contexts/${contextId}/cohort`,
    token: staff.token,
    payload: { cohort_id: cohortId },
  });

describe('a roster sync from the LMS', () => {
  it('needs the course linked to a cohort', async () => {
    const response = await sync(true);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('Link Web Development 101 to a cohort first');
  });

  it('previews, applies and undoes the course learners, as a CSV roster does', async () => {
    await linkTo(cohort.id);
    const existing = await createLearner(ctx.db, { firstName: 'Linus', lastName: 'Torvalds' });
    await ctx.db
      .updateTable('people')
      .set({ email: 'linus@school.example' })
      .where('id', '=', existing.id)
      .execute();
    lms.users.set('ada', {
      sub: 'ada-1',
      given_name: 'Ada',
      family_name: 'Lovelace',
      email: 'ada@school.example',
      roles: ROLES.learner,
    });
    lms.users.set('linus', {
      sub: 'linus-1',
      given_name: 'Linus',
      family_name: 'Torvalds',
      email: 'linus@school.example',
      roles: ROLES.learner,
    });
    lms.users.set('grace', {
      sub: 'grace-1',
      given_name: 'Grace',
      family_name: 'Hopper',
      email: 'grace@school.example',
      roles: ROLES.instructor,
    });
    lms.users.set('gone', {
      sub: 'gone-1',
      given_name: 'Gone',
      family_name: 'Away',
      email: 'gone@school.example',
      roles: ROLES.learner,
      status: 'Inactive',
    });

    const preview = await sync(true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      applied: false,
      import_id: null,
      counts: { created: 1, enrolled: 1, skipped: 0, errors: 0 },
      rows: [
        {
          line: 1,
          action: 'create',
          message: 'New account for Ada Lovelace (ada@school.example).',
        },
        {
          line: 2,
          action: 'enrol',
          message: 'Linus Torvalds has an account and joins Day Cohort 70.',
        },
      ],
    });
    // Our client assertion, as our client id, got an access token for the roster scope.
    expect(lms.assertionClients).toContain(lms.clientId);
    expect(lms.tokenScopes).toContain(
      'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
    );
    expect(await boardNames()).toEqual([]);

    const applied = await sync(false);
    expect(applied.json()).toMatchObject({ applied: true, counts: { created: 1, enrolled: 1 } });
    expect(await boardNames()).toEqual(['Ada Lovelace', 'Linus Torvalds']);
    // Synced again, everyone is already in.
    expect((await sync(true)).json().counts).toEqual({
      created: 0,
      enrolled: 0,
      skipped: 2,
      errors: 0,
    });

    const undone = await ctx.request({
      method: 'POST',
      url: `/api/cohorts/${cohort.id}/roster/${applied.json().import_id}/undo`,
      token: staff.token,
    });
    expect(undone.json().message).toBe('Removed 2 learners from Day Cohort 70 again');
    expect(await boardNames()).toEqual([]);
  });

  it('applies nothing while a learner cannot join, naming them', async () => {
    const other = await createCohort(ctx.db, { name: 'Evening Cohort 71' });
    const elsewhere = await createLearner(ctx.db, { firstName: 'Ellen', lastName: 'Else' });
    await ctx.db
      .updateTable('people')
      .set({ email: 'ellen@school.example' })
      .where('id', '=', elsewhere.id)
      .execute();
    await enrol(ctx.db, other.id, elsewhere.id);
    lms.users.set('ellen', {
      sub: 'ellen-1',
      given_name: 'Ellen',
      family_name: 'Else',
      email: 'ellen@school.example',
      roles: ROLES.learner,
    });

    const refused = await sync(false);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().rows).toContainEqual({
      line: 3,
      action: 'error',
      message: 'Ellen Else is in Evening Cohort 71: move them with a transfer.',
    });
    expect(await boardNames()).toEqual([]);
    lms.users.delete('ellen');
  });

  it('says what the LMS answered when it refuses our token request', async () => {
    const keys = lms.toolKeys;
    lms.toolKeys = async () => ({ keys: [] });
    try {
      const response = await sync(true);
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toContain(
        'Fake LMS answered 401 to our access token request',
      );
    } finally {
      lms.toolKeys = keys;
    }
  });
});
