import autocannon from 'autocannon';
import type { BenchTarget } from './server.ts';

// A catalogue rename under load: a project every learner of the dataset has worked on (the first
// one of the curriculum) is renamed RENAMES times through the API while `connections` clients
// read a board. Each rename's answer time is measured, and the board reads' p99 over the whole
// run (each rename changes every board, so reads meanwhile build the board again).
// Goals: the rename answers in under 100 ms (median of the renames, the slowest shown), board
// reads keep p99 under 50 ms.

const RENAMES = 10;
const RENAME_GOAL_MS = 100;
const READ_P99_GOAL_MS = 50;
/** The first project of the curriculum: every learner's first assignment (bench/dataset.ts). */
const PROJECT_ID = 1;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the scenario; returns the number of goals not met. */
export async function benchRename(
  target: BenchTarget,
  connections: number,
  seconds: number,
  log: (line: string) => void,
) {
  const headers = { authorization: `Token ${target.token}`, 'accept-encoding': 'br, gzip' };
  const rename = async (name: string) => {
    const started = performance.now();
    const response = await fetch(`${target.url}/api/projects/${PROJECT_ID}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    if (response.status !== 204) throw new Error(`the rename answered ${response.status}`);
    return performance.now() - started;
  };
  const reads = autocannon({
    url: `${target.url}/api/students?cohort=${target.cohortId}`,
    connections,
    duration: Math.max(seconds, 3),
    headers,
  });
  const times: number[] = [];
  // Renames spread over the reads, after they have started.
  const gap = (Math.max(seconds, 3) * 1000) / (RENAMES + 2);
  for (let i = 0; i < RENAMES; i++) {
    await wait(gap);
    times.push(await rename(`Project 1.1 (${i % 2 === 0 ? 'renamed' : 'again'})`));
  }
  const result = await reads;
  await rename('Project 1.1');
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
  const slowest = times.at(-1) ?? Number.NaN;
  const wrong = result.requests.total - (result.statusCodeStats['200']?.count ?? 0) + result.errors;
  const renameOk = median < RENAME_GOAL_MS;
  const readsOk = result.latency.p99 < READ_P99_GOAL_MS && wrong === 0;
  log(
    `rename of a project every learner used, ${RENAMES} times while ${connections} clients read a board:`,
  );
  log(
    `  rename answer median ${median.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms; ` +
      `goal median < ${RENAME_GOAL_MS} ms ${renameOk ? 'PASS' : 'FAIL'}`,
  );
  log(
    `  board reads ${(result.requests.total / result.duration).toFixed(0)} req/s, ` +
      `p50 ${result.latency.p50.toFixed(1)} ms, p99 ${result.latency.p99.toFixed(1)} ms, ` +
      `${wrong} wrong; goal p99 < ${READ_P99_GOAL_MS} ms ${readsOk ? 'PASS' : 'FAIL'}`,
  );
  return (renameOk ? 0 : 1) + (readsOk ? 0 : 1);
}
