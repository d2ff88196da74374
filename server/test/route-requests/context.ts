import { FakeGithub } from '../fake-github.ts';
import { FakeOidcProvider } from '../fake-oidc-provider.ts';
import { FakeSlack } from '../fake-slack.ts';
import { createTestContext, type TestContext } from '../harness.ts';

/**
 * The app as the route-table suites call it: GitHub sign-in and REST, the school's sign-in
 * (OpenID Connect) and Slack configured against local fakes, and a Foundations upload secret, so every route can answer with success.
 */
export async function createRouteTestContext(): Promise<TestContext> {
  const github = await new FakeGithub().start();
  const slack = await new FakeSlack().start();
  const school = await new FakeOidcProvider().start();
  const ctx = await createTestContext({
    github: {
      clientId: 'client-id',
      clientSecret: 'client-secret',
      oauthUrl: github.url,
      apiUrl: github.url,
      token: 'server-token',
      webhookSecret: 'route-tests-webhook-secret',
    },
    slack: { apiUrl: slack.url, token: 'xoxb-route-tests' },
    oidc: {
      issuerUrl: school.issuer,
      clientId: school.clientId,
      clientSecret: school.clientSecret,
      name: 'School',
      requiredForStaff: false,
    },
    foundationsUploadSecret: 'foundations-upload-secret',
    // The live stream ends as soon as it has said hello, so that each check gets its answer.
    live: { streamMaxMs: 0 },
  });
  return {
    ...ctx,
    async close() {
      await ctx.close();
      await github.stop();
      await slack.stop();
      await school.stop();
    },
  };
}
