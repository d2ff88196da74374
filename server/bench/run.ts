import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { compileBenchServer } from './compile.ts';
import { explainBoard } from './explain.ts';
import { benchFanOut } from './fan-out.ts';
import {
  benchDatabaseUrl,
  benchDataDir,
  benchScale,
  boardCohortId,
  type Engine,
  openBenchDatabase,
} from './generate.ts';
import { benchHealthAfterMove } from './health-after-move.ts';
import { RSS_GOAL_MB, residentMb } from './memory.ts';
import { benchRename } from './rename.ts';
import type { BenchTarget } from './server.ts';
import { benchWebhooks } from './webhooks.ts';

// npm run bench [-- --engine pg|pglite] [--duration 10] [--connections 50] [--rounds 3]
//               [--scale 1] [-- --explain]
// Starts the server (bench/server.ts) in a process of its own per engine and loads it from this
// process with autocannon: every scenario once to warm up, then `rounds` rounds, scenarios
// interleaved so that a busy moment of the machine spreads over all of them. One table per engine:
// req/s (median round), its ratio to the app's own route that touches no database (median of the
// per-round ratios), p50 and p99 latency (median round), min/median/max req/s, and each goal of
// issue 12 with PASS or FAIL. Without --engine, both engines run one after the other.
// Then the live board's fan-out (fan-out.ts): 200 streams, one change at a time, delivery p50/p99;
// a project every learner used renamed while clients read a board (rename.ts); cohort health read
// right after a move (health-after-move.ts); GitHub's webhook
// deliveries accepted and processed (webhooks.ts); and the server's
// resident memory idle after start and at the end of the load (memory.ts).
// `--fan-out-only`, `--rename-only`, `--health-only` and `--webhooks-only` run that part alone. `--scale N` runs on a dataset N times larger
// (generate.ts), kept apart from the default one.
// `--explain` rewrites the board query's reviewed SQL and plan in src/features/board/queries/.

const argument = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? undefined : process.argv[at + 1];
};
const durationSeconds = Number(argument('duration') ?? 10);
const connections = Number(argument('connections') ?? 50);
const rounds = Number(argument('rounds') ?? 3);
const engineArgument = argument('engine');
const engines: Engine[] =
  engineArgument === 'pg' || engineArgument === 'pglite' ? [engineArgument] : ['pg', 'pglite'];
if (engineArgument && engines.length !== 1) throw new Error('--engine takes pg or pglite');
const log = (line: string) => console.log(line);

interface Scenario {
  name: string;
  path: string;
  etag?: boolean;
  status: number;
  /** Minimum ratio to the bare route, per engine. */
  goal?: Record<Engine, number>;
  /** A hot read: its p99 is held to the latency goal. */
  hot: boolean;
}

const reads = { pg: 0.15, pglite: 0.08 };
const p99Goal: Record<Engine, number> = { pg: 20, pglite: 50 };

function scenarios(target: BenchTarget): Scenario[] {
  const board = `/api/students?cohort=${target.cohortId}`;
  return [
    { name: 'in-app route, no database', path: '/bench/bare', status: 200, hot: false },
    {
      name: 'board 200 (cached body)',
      path: board,
      status: 200,
      goal: { pg: 0.6, pglite: 0.6 },
      hot: true,
    },
    {
      name: 'board 304',
      path: board,
      etag: true,
      status: 304,
      goal: { pg: 0.8, pglite: 0.8 },
      hot: true,
    },
    {
      name: 'board build, uncached',
      path: `/bench/board-build?cohort=${target.cohortId}`,
      status: 200,
      // Every card worked out from the members' rows in one plain statement.
      goal: { pg: 0.03, pglite: 0.015 },
      hot: false,
    },
    {
      name: 'cohort health',
      path: `/api/cohorts/${target.cohortId}/health`,
      status: 200,
      goal: { pg: 0.05, pglite: 0.03 },
      hot: false,
    },
    { name: 'cohort list', path: '/api/cohorts', status: 200, goal: reads, hot: true },
    {
      name: 'learner detail',
      path: `/api/students/${target.learnerId}`,
      status: 200,
      goal: reads,
      hot: true,
    },
    { name: 'courses', path: '/api/courses', status: 200, goal: reads, hot: true },
    {
      name: 'events',
      path: `/api/events?cohort=${target.cohortId}`,
      status: 200,
      goal: reads,
      hot: true,
    },
    {
      name: 'notes',
      path: `/api/notes?studentId=${target.learnerId}`,
      status: 200,
      goal: reads,
      hot: true,
    },
  ];
}

/** Starts bench/server.ts for an engine; resolves with what it printed once it listens. */
async function startServer(engine: Engine): Promise<{ child: ChildProcess; target: BenchTarget }> {
  const server = await compileBenchServer();
  const child = spawn(
    process.execPath,
    [server, '--engine', engine, '--scale', String(benchScale)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      // The compiled server lives elsewhere: it is told where the embedded dataset is.
      env: { ...process.env, BENCH_DATA_DIR: benchDataDir },
    },
  );
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the bench server exited (${code}) before listening`);
  });
  const lines = createInterface({ input: child.stdout! });
  const first = once(lines, 'line').then(([line]) => JSON.parse(String(line)) as BenchTarget);
  const target = await Promise.race([first, exited]);
  exited.catch(() => {});
  return { child, target };
}

/**
 * Waits until the server is idle again: requests still queued when the time was up (PGlite runs
 * one query at a time, on the server's own thread) would slow the next scenario down. Idle = a
 * health check (through the database) answers within 100 ms.
 */
async function settle(target: BenchTarget) {
  for (let attempt = 0; attempt < 300; attempt++) {
    const started = performance.now();
    await fetch(`${target.url}/api/health`);
    if (performance.now() - started < 100) return;
  }
}

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  wrong: number;
}

async function measure(target: BenchTarget, scenario: Scenario, etag: string, seconds: number) {
  const headers: Record<string, string> = {
    authorization: `Token ${target.token}`,
    'accept-encoding': 'br, gzip',
  };
  if (scenario.etag) headers['if-none-match'] = etag;
  const result = await autocannon({
    url: target.url + scenario.path,
    connections,
    duration: seconds,
    headers,
  });
  await settle(target);
  const right = result.statusCodeStats[String(scenario.status)]?.count ?? 0;
  const wrong = result.requests.total - right + result.errors + result.timeouts;
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    wrong,
  } satisfies Measure;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const IDLE = 'idle after start';

async function benchEngine(engine: Engine) {
  log(`\n== ${engine === 'pg' ? 'PostgreSQL server' : 'PGlite (embedded)'}`);
  // The dataset is made (the first time) here, not in the server: its memory is the product's.
  await (await openBenchDatabase(engine, log, 1)).close();
  const { child, target } = await startServer(engine);
  // The goal is the idle figure's; the figure under load is reported beside it.
  const memory = (when: string) => {
    const mb = residentMb(child.pid ?? 0);
    const goal = RSS_GOAL_MB[engine];
    const verdict = when === IDLE ? `; goal < ${goal} MB ${mb < goal ? 'PASS' : 'FAIL'}` : '';
    log(`server resident memory ${when}: ${mb.toFixed(0)} MB${verdict}`);
  };
  try {
    await settle(target);
    memory(IDLE);
    const board = await fetch(`${target.url}/api/students?cohort=${target.cohortId}`, {
      headers: { authorization: `Token ${target.token}` },
    });
    const etag = board.headers.get('etag') ?? '';
    const cards = (await board.json()) as unknown[];
    if (board.status !== 200 || !etag) throw new Error(`board check failed: ${board.status}`);
    log(
      `board: cohort ${target.cohortId}, ${cards.length} learners; ${connections} connections, ` +
        `${rounds} rounds of ${durationSeconds} s per scenario after a warm-up`,
    );

    if (process.argv.includes('--fan-out-only')) {
      await benchFanOut(target, log);
      return;
    }
    if (process.argv.includes('--webhooks-only')) {
      await benchWebhooks(target, connections, durationSeconds, engine === 'pg', log);
      memory('at the end of the load');
      return;
    }
    if (process.argv.includes('--health-only')) {
      await benchHealthAfterMove(target, log);
      return;
    }
    if (process.argv.includes('--rename-only')) {
      await benchRename(target, connections, durationSeconds, log);
      memory('at the end of the load');
      return;
    }
    const all = scenarios(target);
    for (const scenario of all) await measure(target, scenario, etag, Math.min(2, durationSeconds));
    const results = all.map(() => [] as Measure[]);
    for (let round = 0; round < rounds; round++) {
      for (const [i, scenario] of all.entries()) {
        results[i]!.push(await measure(target, scenario, etag, durationSeconds));
      }
    }
    printTable(engine, all, results);
    await benchFanOut(target, log);
    await benchRename(target, connections, durationSeconds, log);
    await benchHealthAfterMove(target, log);
    await benchWebhooks(target, connections, durationSeconds, engine === 'pg', log);
    memory('at the end of the load');
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  }
}

function printTable(engine: Engine, all: Scenario[], results: Measure[][]) {
  const bare = results[0]!;
  const head = [
    'scenario'.padEnd(28),
    'req/s'.padStart(8),
    'ratio'.padStart(7),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'min/median/max req/s'.padStart(22),
    'wrong'.padStart(6),
    '  goals',
  ];
  log(head.join(' '));
  let failures = 0;
  for (const [i, scenario] of all.entries()) {
    const rounds = results[i]!;
    const rps = rounds.map((round) => round.rps);
    const ratio = median(rounds.map((round, r) => round.rps / (bare[r]?.rps ?? Number.NaN)));
    const p99 = median(rounds.map((round) => round.p99));
    const wrong = rounds.reduce((sum, round) => sum + round.wrong, 0);
    const goals: string[] = [];
    const check = (text: string, ok: boolean) => {
      goals.push(`${text} ${ok ? 'PASS' : 'FAIL'}`);
      if (!ok) failures++;
    };
    if (scenario.goal) check(`ratio ≥ ${scenario.goal[engine]}`, ratio >= scenario.goal[engine]);
    if (scenario.hot) {
      check(`p99 < ${p99Goal[engine]} ms`, median(rps) > 0 && p99 < p99Goal[engine]);
    }
    if (wrong > 0) check('all answers as expected', false);
    log(
      [
        scenario.name.padEnd(28),
        median(rps).toFixed(0).padStart(8),
        `${ratio.toFixed(3)}×`.padStart(7),
        median(rounds.map((round) => round.p50))
          .toFixed(1)
          .padStart(7),
        p99.toFixed(1).padStart(7),
        rps
          .map((value) => value.toFixed(0))
          .sort((a, b) => Number(a) - Number(b))
          .join('/')
          .padStart(22),
        String(wrong).padStart(6),
        `  ${goals.join('; ')}`,
      ].join(' '),
    );
  }
  log(failures === 0 ? 'all goals met' : `${failures} goal(s) not met`);
}

async function main() {
  if (process.argv.includes('--explain')) {
    const database = await openBenchDatabase('pg', log, 2);
    await database.close();
    await explainBoard(benchDatabaseUrl(), boardCohortId, log);
    return;
  }
  for (const engine of engines) await benchEngine(engine);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
