import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLearner, createStaff } from '../../../test/factories.ts';
import { FakeSlack } from '../../../test/fake-slack.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

// Which outside services this server works with, for a jobs page that would otherwise stay empty
// without saying why.
describe('GET /jobs/integrations', () => {
  let plain: TestContext;
  let withSlack: TestContext;
  let slack: FakeSlack;
  beforeAll(async () => {
    slack = await new FakeSlack().start();
    plain = await createTestContext();
    withSlack = await createTestContext({ slack: { apiUrl: slack.url, token: 'xoxb-test' } });
  });
  afterAll(async () => {
    await plain.close();
    await withSlack.close();
    await slack.stop();
  });

  const ask = async (ctx: TestContext, token: string) =>
    ctx.request({ method: 'GET', url: '/api/jobs/integrations', token });

  it('tells staff whether Slack and GitHub are configured', async () => {
    const none = await ask(plain, (await createStaff(plain.db)).token);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ slack: false, github: false });
    const some = await ask(withSlack, (await createStaff(withSlack.db)).token);
    expect(some.json()).toEqual({ slack: true, github: false });
  });

  it('is for staff only', async () => {
    const learner = await createLearner(plain.db);
    expect((await ask(plain, learner.token)).statusCode).toBe(403);
    const anonymous = await plain.request({ method: 'GET', url: '/api/jobs/integrations' });
    expect(anonymous.statusCode).toBe(401);
  });
});
