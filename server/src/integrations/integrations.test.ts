import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGithub } from '../../test/fake-github.ts';
import { FakeSlack } from '../../test/fake-slack.ts';
import { GithubClient, GithubError, repositoryName } from './github.ts';
import { type HttpPolicy, rateLimitWait } from './http.ts';
import { SlackClient } from './slack.ts';

let github: FakeGithub;
let slack: FakeSlack;
/** The waits the clients asked for; nothing really sleeps. */
let waits: number[];
const clock = Date.parse('2025-03-01T12:00:00Z');
const policy: HttpPolicy = {
  now: () => clock,
  sleep: async (ms) => {
    waits.push(ms);
  },
};

beforeAll(async () => {
  github = await new FakeGithub().start();
  slack = await new FakeSlack().start();
});
afterAll(async () => {
  await github.stop();
  await slack.stop();
});
beforeEach(() => {
  waits = [];
  github.requests.length = 0;
  github.nextAnswers.length = 0;
  slack.calls.length = 0;
  slack.messages.length = 0;
  slack.nextAnswers.length = 0;
});

const githubClient = () =>
  new GithubClient(
    {
      clientId: 'id',
      clientSecret: 'secret',
      webhookSecret: null,
      oauthUrl: github.url,
      apiUrl: github.url,
      token: 't',
    },
    policy,
  );
const slackClient = () => new SlackClient({ apiUrl: slack.url, token: 'xoxb-test' }, policy);
const outage = { status: 502, body: { message: 'Bad Gateway' } };
const ticket = { title: 'Set up CI', body: '', labels: [] };

describe('repository names', () => {
  it("keep only what GitHub allows: letters, digits, '-', '_' and '.'", () => {
    expect(repositoryName('Group: Rare', 'client', 'abcdef')).toBe('Group-Rare-client-abcdef');
    expect(repositoryName('Café & Crêpes / v2.0', 'ada_l')).toBe('Cafe-Crepes-v2.0-ada_l');
    expect(repositoryName('🚀', 'api', 'xyzxyz')).toBe('repository-api-xyzxyz');
    const long = repositoryName('A'.repeat(120), 'client', 'abcdef');
    expect(long).toHaveLength(100);
    expect(long.endsWith('-client-abcdef')).toBe(true);
  });
});

describe('GitHub calls', () => {
  it('repeats a read once after a server error and uses the second answer', async () => {
    github.issues.set('acme/template', [ticket]);
    github.nextAnswers.push(outage);
    expect(await githubClient().openIssues('acme/template')).toEqual([ticket]);
    expect(github.requests.map((r) => r.method)).toEqual(['GET', 'GET']);
  });

  it('does not repeat opening an issue after a server error: no duplicate ticket', async () => {
    github.nextAnswers.push(outage);
    await expect(githubClient().createIssue('acme/team-1', ticket)).rejects.toThrow(GithubError);
    expect(github.requests).toHaveLength(1);
    expect(github.issues.get('acme/team-1')).toBeUndefined();
  });

  it('repeats making a repository from a template, which GitHub answers 422 the second time', async () => {
    github.nextAnswers.push(outage);
    await githubClient().generateFromTemplate('acme/template', {
      owner: 'acme',
      name: 'shop-client-abcdef',
      description: 'Client',
    });
    expect(github.repositories.has('acme/shop-client-abcdef')).toBe(true);
    expect(github.requests).toHaveLength(2);
  });

  it('waits for the rate limit to reset, then sends the refused request again', async () => {
    const reset = clock / 1000 + 2;
    github.nextAnswers.push({
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
      body: { message: 'API rate limit exceeded' },
    });
    await githubClient().createIssue('acme/team-2', ticket);
    expect(github.issues.get('acme/team-2')).toEqual([ticket]);
    expect(waits).toEqual([2_000]);
  });

  it('does not hold the request for a rate limit that resets in an hour', async () => {
    const reset = clock / 1000 + 3_600;
    github.nextAnswers.push({
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
    });
    await expect(githubClient().openIssues('acme/template')).rejects.toThrow(/403/);
    expect(waits).toEqual([]);
    expect(github.requests).toHaveLength(1);
  });

  it('does not send a sign-in code twice: GitHub accepts each code once', async () => {
    github.codes.set('c1', { id: 1, login: 'ada', name: 'Ada' });
    github.nextAnswers.push(outage);
    await expect(githubClient().exchangeCode('c1', 'http://x/cb')).rejects.toThrow(/502/);
    expect(github.requests).toHaveLength(1);
  });

  it('repeats a read once when the network fails, but not a write', async () => {
    const closed = new GithubClient(
      {
        clientId: null,
        clientSecret: null,
        webhookSecret: null,
        oauthUrl: 'http://127.0.0.1:9',
        apiUrl: 'http://127.0.0.1:9',
        token: 't',
      },
      policy,
    );
    await expect(closed.openIssues('acme/template')).rejects.toThrow();
    expect(waits).toHaveLength(1);
    waits = [];
    await expect(closed.createIssue('acme/template', ticket)).rejects.toThrow();
    expect(waits).toEqual([]);
  });
});

describe('Slack calls', () => {
  it('waits as long as a 429 asks, then posts the message once', async () => {
    slack.nextAnswers.push({ status: 429, headers: { 'retry-after': '3' } });
    expect(await slackClient().postMessage('C1', 'Hello')).toBe(true);
    expect(waits).toEqual([3_000]);
    expect(slack.messages.map((m) => m.text)).toEqual(['Hello']);
  });

  it('does not repeat a message after a server error: it may have been posted', async () => {
    slack.nextAnswers.push({ status: 500, body: { ok: false } });
    expect(await slackClient().postMessage('C1', 'Hello')).toBe(false);
    expect(slack.calls).toEqual(['chat.postMessage']);
    expect(waits).toEqual([]);
  });

  it('gives up on a channel when the rate limit lasts longer than a request may wait', async () => {
    slack.nextAnswers.push({ status: 429, headers: { 'retry-after': '120' } });
    // A job waits it out: the error carries the wait Slack named.
    await expect(slackClient().ensureChannel('week-3-81-abcdef')).rejects.toMatchObject({
      status: 429,
      waitMs: 120_000,
      transient: true,
    });
    expect(slack.calls).toEqual(['conversations.create']);
    expect(slack.channels).toEqual([]);
  });

  it("words Slack's refusals, its code at the end", async () => {
    slack.nextAnswers.push(
      { status: 200, body: { ok: false, error: 'channel_not_found' } },
      { status: 429, headers: { 'retry-after': '120' } },
      { status: 200, body: { ok: false, error: 'brand_new_code' } },
    );
    await expect(slackClient().sendMessage('C404', 'Hello')).rejects.toMatchObject({
      code: 'channel_not_found',
      message:
        'Slack found no such channel or member, or the app may not see it (channel_not_found)',
    });
    await expect(slackClient().sendMessage('C1', 'Hello')).rejects.toMatchObject({
      message: 'Slack asked the app to slow down (rate limit) (ratelimited)',
    });
    await expect(slackClient().sendMessage('C1', 'Hello')).rejects.toMatchObject({
      message: 'Slack refused: brand_new_code',
    });
  });
});

describe('rate-limit answers', () => {
  const answer = (status: number, headers: Record<string, string>) =>
    new Response(null, { status, headers });
  const now = clock;

  it('reads Retry-After as seconds or as a date', () => {
    expect(rateLimitWait(answer(429, { 'retry-after': '7' }), now)).toBe(7_000);
    expect(
      rateLimitWait(answer(429, { 'retry-after': 'Sat, 01 Mar 2025 12:00:30 GMT' }), now),
    ).toBe(30_000);
  });

  it("reads GitHub's secondary limit (403 with Retry-After) and primary limit (reset time)", () => {
    expect(rateLimitWait(answer(403, { 'retry-after': '60' }), now)).toBe(60_000);
    const reset = String(now / 1000 + 90);
    expect(
      rateLimitWait(answer(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }), now),
    ).toBe(90_000);
  });

  it('treats a 403 with requests left, and other answers, as no rate limit', () => {
    expect(rateLimitWait(answer(403, { 'x-ratelimit-remaining': '12' }), now)).toBeNull();
    expect(rateLimitWait(answer(500, {}), now)).toBeNull();
    expect(rateLimitWait(answer(200, { 'retry-after': '5' }), now)).toBeNull();
  });
});
