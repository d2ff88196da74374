import { createHmac, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { BenchTarget } from './server.ts';

// Webhook intake: `connections` clients send GitHub deliveries (pushes to the board cohort's
// linked repositories, each with its own delivery id and signature, as GitHub sends them) for
// `seconds`; then the time until every delivery is processed (each by its job) is taken.
// Goals (issue 27): at least 500 deliveries accepted per second on a PostgreSQL server, the
// answer's p99 under 50 ms, and processing keeping up: the backlog at the end of the intake is
// worked off at least as fast as it came in. PGlite's figures are reported beside.

const ACCEPTED_GOAL = 500;
const P99_GOAL_MS = 50;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A push delivery's body for one of the repositories, and its headers (signed). */
function pushDelivery(target: BenchTarget, n: number) {
  const repository = target.repositories[n % target.repositories.length]!;
  const [owner = '', name = ''] = repository.fullName.split('/');
  const sha = randomUUID().replaceAll('-', '').padEnd(40, '0');
  const now = new Date();
  const body = JSON.stringify({
    ref: 'refs/heads/main',
    before: '0'.repeat(40),
    after: sha,
    created: false,
    deleted: false,
    forced: false,
    compare: `https://github.com/${repository.fullName}/compare/${sha}`,
    commits: [{ id: sha, message: `Commit ${n}`, timestamp: now.toISOString() }],
    head_commit: { id: sha, message: `Commit ${n}`, timestamp: now.toISOString() },
    repository: {
      id: repository.id,
      name,
      full_name: repository.fullName,
      owner: { login: owner },
      html_url: `https://github.com/${repository.fullName}`,
      default_branch: 'main',
      pushed_at: Math.floor(now.getTime() / 1000),
    },
    pusher: { name: 'learner' },
    sender: { login: 'learner' },
  });
  const signature = `sha256=${createHmac('sha256', target.webhookSecret).update(body).digest('hex')}`;
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'push',
      'x-github-delivery': randomUUID(),
      'x-hub-signature-256': signature,
    },
  };
}

async function pending(target: BenchTarget) {
  const response = await fetch(`${target.url}/bench/deliveries-pending`);
  return ((await response.json()) as { pending: number }).pending;
}

/** Runs the scenario; returns the number of goals not met (PGlite's are reported only). */
export async function benchWebhooks(
  target: BenchTarget,
  connections: number,
  seconds: number,
  held: boolean,
  log: (line: string) => void,
) {
  let sent = 0;
  const startedAt = performance.now();
  const result = await autocannon({
    url: target.url,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/github/webhooks',
        setupRequest: (request) => ({ ...request, ...pushDelivery(target, sent++) }),
      },
    ],
  });
  const intakeMs = performance.now() - startedAt;
  const accepted = result.statusCodeStats['202']?.count ?? 0;
  const wrong = result.requests.total - accepted + result.errors + result.timeouts;
  const backlog = await pending(target);
  const drainStarted = performance.now();
  let left = backlog;
  while (left > 0 && performance.now() - drainStarted < 600_000) {
    await wait(100);
    left = await pending(target);
  }
  const drainMs = performance.now() - drainStarted;
  const acceptedRate = accepted / result.duration;
  // Processed during the intake, and then the backlog: the whole lot over the whole time.
  const processedRate = (accepted - left) / ((intakeMs + drainMs) / 1000);
  const rateOk = acceptedRate >= ACCEPTED_GOAL && wrong === 0;
  const p99Ok = result.latency.p99 < P99_GOAL_MS;
  const keepsUp = left === 0 && processedRate >= acceptedRate * 0.9;
  const verdict = (ok: boolean) => (held ? (ok ? 'PASS' : 'FAIL') : 'reported');
  log(
    `webhook intake: pushes to ${target.repositories.length} linked repositories, ${connections} clients, ${seconds} s:`,
  );
  log(
    `  ${acceptedRate.toFixed(0)} deliveries accepted/s (${accepted} in all, ${wrong} wrong); ` +
      `goal ≥ ${ACCEPTED_GOAL}/s ${verdict(rateOk)}`,
  );
  log(
    `  answer p50 ${result.latency.p50.toFixed(1)} ms, p99 ${result.latency.p99.toFixed(1)} ms; ` +
      `goal p99 < ${P99_GOAL_MS} ms ${verdict(p99Ok)}`,
  );
  log(
    `  processed ${processedRate.toFixed(0)}/s over intake and backlog (${backlog} waiting when the intake ` +
      `ended, worked off in ${(drainMs / 1000).toFixed(1)} s, ${left} left); goal: keeps up ${verdict(keepsUp)}`,
  );
  if (!held) return 0;
  return (rateOk ? 0 : 1) + (p99Ok ? 0 : 1) + (keepsUp ? 0 : 1);
}
