import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCohort, createLearner, createStaff, enrol } from './factories.ts';
import { createTestContext, type TestContext } from './harness.ts';

// Every stored link is an http(s) address: a `javascript:` or `data:` link would run in the page
// of whoever clicks it.
let ctx: TestContext;
let staff: { token: string };
let learner: { token: string };
let cohortId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createStaff(ctx.db);
  const person = await createLearner(ctx.db);
  learner = person;
  cohortId = (await createCohort(ctx.db)).id;
  await enrol(ctx.db, cohortId, person.id);
});
afterAll(() => ctx.close());

const hostile = [
  'javascript:alert(document.cookie)',
  'data:text/html,<script>x</script>',
  'ftp://files',
];

describe.each(hostile)('a link of %s', (link) => {
  it.each([
    ['PUT', '/api/cohortinfo/:cohort', 'body.zoom_url', () => ({ zoom_url: link }), 'staff'],
    [
      'PUT',
      '/api/projects/1',
      'body.client_template_url',
      () => ({ client_template_url: link }),
      'staff',
    ],
    ['PUT', '/api/bookassessments/1', 'body.sourceURL', () => ({ sourceURL: link }), 'staff'],
    [
      'POST',
      '/api/cohorts',
      'body.orgURL',
      () => ({
        name: 'C',
        startDate: '2026-01-05',
        endDate: '2026-06-05',
        orgURL: link,
        slackChannel: 'c',
        clientSide: 1,
        serverSide: 1,
      }),
      'staff',
    ],
    [
      'POST',
      '/api/capstones',
      'body.proposalURL',
      () => ({ course: 1, proposalURL: link }),
      'learner',
    ],
    ['POST', '/api/capstones', 'body.repoURL', () => ({ course: 1, repoURL: link }), 'learner'],
  ] as const)('is refused by %s %s, naming %s', async (method, url, field, payload, role) => {
    const token = role === 'staff' ? staff.token : learner.token;
    const response = await ctx.request({
      method,
      url: url.replace(':cohort', String(cohortId)),
      payload: payload(),
      token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
  });
});
