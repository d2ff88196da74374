import { createHmac, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { BenchTarget } from './server.ts';

// Webhook intake: clients send GitHub deliveries (pushes to the board cohort's linked
// repositories, each with its own delivery id and signature, as GitHub sends them), first
// `connections` of them as fast as they can for `seconds` (how many a second are accepted), then
// at the goal's rate (the answer's p99 at that load, and whether the jobs keep up).
// Goals (issue 27), held on a PostgreSQL server, PGlite's reported beside: at least 500
// deliveries accepted per second; at 500 a second, the answer's p99 under 50 ms; and processing
// keeping up: when the intake ends, less than a second's deliveries wait for their job.

const ACCEPTED_GOAL = 500;
const P99_GOAL_MS = 50;
/**
 * Clients of the run at the goal's rate. autocannon paces each client on its own timer, so 50
 * clients at 10 a second each send in bursts of 50 every 100 ms: that measures a burst, not the
 * rate. Ten clients send one delivery every 2 ms between them.
 */
const STEADY_CLIENTS = 10;

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

/** Sends deliveries for `seconds`, as fast as `connections` clients can or at `rate` a second. */
async function sendDeliveries(
  target: BenchTarget,
  connections: number,
  seconds: number,
  rate?: number,
) {
  let sent = 0;
  const result = await autocannon({
    url: target.url,
    connections,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: 'POST',
        path: '/api/github/webhooks',
        setupRequest: (request) => ({ ...request, ...pushDelivery(target, sent++) }),
      },
    ],
  });
  const accepted = result.statusCodeStats['202']?.count ?? 0;
  return {
    result,
    accepted,
    wrong: result.requests.total - accepted + result.errors + result.timeouts,
  };
}

/** How long until no delivery waits for its job (at most ten minutes); answers the ms and how many are left. */
async function drained(target: BenchTarget) {
  const started = performance.now();
  const backlog = await pending(target);
  let left = backlog;
  while (left > 0 && performance.now() - started < 600_000) {
    await wait(100);
    left = await pending(target);
  }
  return { backlog, left, ms: performance.now() - started };
}

/**
 * Runs the scenario: first as fast as the clients can send (the deliveries accepted a second),
 * then at the goal's rate (the answer's p99 at that load, and whether processing keeps up).
 * Returns the number of goals not met (PGlite's are reported only).
 */
export async function benchWebhooks(
  target: BenchTarget,
  connections: number,
  seconds: number,
  held: boolean,
  log: (line: string) => void,
) {
  const verdict = (ok: boolean) => (held ? (ok ? 'PASS' : 'FAIL') : 'reported');
  log(
    `webhook intake: pushes to ${target.repositories.length} linked repositories, ${seconds} s each:`,
  );
  const flat = await sendDeliveries(target, connections, seconds);
  await drained(target);
  const acceptedRate = flat.accepted / flat.result.duration;
  const rateOk = acceptedRate >= ACCEPTED_GOAL && flat.wrong === 0;
  log(
    `  ${connections} clients as fast as they can: ${acceptedRate.toFixed(0)} deliveries accepted/s (${flat.accepted} in all, ` +
      `${flat.wrong} wrong), p50 ${flat.result.latency.p50.toFixed(1)} ms, p99 ${flat.result.latency.p99.toFixed(1)} ms; ` +
      `goal ≥ ${ACCEPTED_GOAL}/s ${verdict(rateOk)}`,
  );

  const startedAt = performance.now();
  const steady = await sendDeliveries(target, STEADY_CLIENTS, seconds, ACCEPTED_GOAL);
  const intakeMs = performance.now() - startedAt;
  const drain = await drained(target);
  const p99Ok = steady.result.latency.p99 < P99_GOAL_MS && steady.wrong === 0;
  // Processed during the intake, and then the backlog: the whole lot over the whole time.
  const processedRate = (steady.accepted - drain.left) / ((intakeMs + drain.ms) / 1000);
  const keepsUp = drain.left === 0 && drain.backlog <= ACCEPTED_GOAL;
  log(
    `  ${STEADY_CLIENTS} clients at ${ACCEPTED_GOAL}/s: ${(steady.accepted / steady.result.duration).toFixed(0)} accepted/s, ` +
      `p50 ${steady.result.latency.p50.toFixed(1)} ms, p99 ${steady.result.latency.p99.toFixed(1)} ms, ` +
      `${steady.wrong} wrong; goal p99 < ${P99_GOAL_MS} ms ${verdict(p99Ok)}`,
  );
  log(
    `  processing: ${processedRate.toFixed(0)}/s over intake and backlog, ${drain.backlog} waiting when ` +
      `the intake ended (worked off in ${(drain.ms / 1000).toFixed(1)} s, ${drain.left} left); ` +
      `goal: keeps up (under a second's deliveries waiting) ${verdict(keepsUp)}`,
  );
  if (!held) return 0;
  return (rateOk ? 0 : 1) + (p99Ok ? 0 : 1) + (keepsUp ? 0 : 1);
}
