import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../test/factories.ts';
import { FakeSlack } from '../../test/fake-slack.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { injected, jobEnded } from '../../test/jobs.ts';
import { queueSlackMessages } from './slack-messages.ts';

// A direct message is sent once even when Slack took it and its answer never reached the step:
// a later attempt finds it in the member's conversation by the key in its metadata.

// Short, so that an answer held back longer counts as none. (A loaded machine may time out other
// calls too: the tests count the messages, not the attempts.)
const SLACK_TIMEOUT_MS = 1_500;

let ctx: TestContext;
let slack: FakeSlack;
let token: string;
beforeAll(async () => {
  slack = await new FakeSlack().start();
  ctx = await createTestContext({
    slack: { apiUrl: slack.url, token: 'xoxb-test', timeoutMs: SLACK_TIMEOUT_MS },
  });
  token = (await createStaff(ctx.db)).token;
});
afterAll(async () => {
  await ctx.close();
  await slack.stop();
});

let members = 0;
/** Queues one direct message to a new member, as a self-assessment's status change does. */
async function sendDirect(text: string) {
  members += 1;
  const member = `UDIRECT${members}`;
  const jobId = await queueSlackMessages(ctx.db, true, { cohortId: null, createdBy: null }, [
    { channel: member, to: 'Ada Lovelace', text },
  ]);
  if (jobId === null) throw new Error('Nothing was queued');
  return { member, job: await jobEnded(injected(ctx.request, token), jobId) };
}

const messagesTo = (member: string) => slack.messages.filter((m) => m.channel === member);

describe('a direct message', () => {
  it('is sent once when its answer is lost after Slack took it', async () => {
    slack.loseAnswer('chat.postMessage', { status: 502 });
    const { member, job } = await sendDirect("🎉 Congratulations! You've completed it.");
    expect(job).toMatchObject({ status: 'done', steps: [{ status: 'done' }] });
    expect(messagesTo(member)).toHaveLength(1);
  });

  it("is sent once when Slack answers after the client's timeout", async () => {
    slack.loseAnswer('chat.postMessage', { holdMs: SLACK_TIMEOUT_MS * 3 });
    const { member, job } = await sendDirect('Self-Assessment Review Complete');
    expect(job).toMatchObject({ status: 'done', steps: [{ status: 'done' }] });
    expect(messagesTo(member)).toHaveLength(1);
  });

  it('is sent again by a later attempt when the earlier one never reached Slack', async () => {
    slack.nextAnswers.push({ status: 500, body: { ok: false, error: 'fatal_error' } });
    const { member, job } = await sendDirect('Feedback is waiting for you');
    expect(job).toMatchObject({ status: 'done' });
    expect(messagesTo(member)).toHaveLength(1);
  });

  it('is sent, unchecked, when Slack does not let the app read its direct messages', async () => {
    slack.nextAnswers.push(
      { status: 500, body: { ok: false, error: 'fatal_error' } },
      { status: 200, body: { ok: false, error: 'missing_scope' } },
    );
    const { member, job } = await sendDirect('Your repository is ready');
    expect(job).toMatchObject({ status: 'done' });
    expect(messagesTo(member)).toHaveLength(1);
  });
});
