import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/connection.ts';
import { issueToken } from '../src/lib/tokens.ts';
import { explainBoard } from './explain.ts';
import { benchDatabaseUrl, DATASET, ensureDataset } from './generate.ts';
import { type LoadResult, runLoad } from './load.ts';

// npm run bench: the board read against a bare Fastify route, in one process run (design §7).
// BENCH_DURATION_MS (default 10000) per scenario, BENCH_CONNECTIONS (default 50);
// `npm run bench -- --explain` rewrites src/features/board/queries/ from the bench database instead.

const duration = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const log = (line: string) => console.log(line);

async function listen(app: { listen(o: object): Promise<string>; server: { address(): unknown } }) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function main() {
  const url = benchDatabaseUrl();
  const { boardCohortId } = await ensureDataset(log);
  if (process.argv.includes('--explain')) {
    await explainBoard(url, boardCohortId, log);
    return;
  }

  const database = openPostgres(url, 10);
  const config = { ...loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' }), webDist: '' };
  const app = await buildApp(config, database, { logger: false });
  const appUrl = await listen(app);
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ hello: 'world' }));
  const bareUrl = await listen(bare);

  const staff = await database.db
    .selectFrom('people')
    .select('id')
    .where('is_staff', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const headers = { authorization: `Token ${await issueToken(database.db, staff.id)}` };
  const boardUrl = `${appUrl}/api/students?cohort=${boardCohortId}`;
  const first = await fetch(boardUrl, { headers });
  const cards = (await first.json()) as unknown[];
  const etag = first.headers.get('etag') ?? '';
  if (first.status !== 200 || cards.length !== DATASET.boardCohortSize || !etag) {
    throw new Error(
      `board check failed: ${first.status}, ${cards.length} learners, ETag '${etag}'`,
    );
  }
  log(`board: cohort ${boardCohortId}, ${cards.length} learners, ETag ${etag}`);
  log(
    `load: ${connections} concurrent clients, ${duration / 1000} s per scenario after a 2 s warm-up\n`,
  );

  const scenarios = [
    { name: 'bare Fastify route', url: `${bareUrl}/bare`, headers: {}, expectStatus: 200 },
    { name: 'GET /students?cohort=', url: boardUrl, headers, expectStatus: 200 },
    {
      name: 'same, If-None-Match (304)',
      url: boardUrl,
      headers: { ...headers, 'if-none-match': etag },
      expectStatus: 304,
    },
  ];
  const results: LoadResult[] = [];
  for (const scenario of scenarios) {
    await runLoad({ ...scenario, connections, durationMs: 2000 });
    results.push(await runLoad({ ...scenario, connections, durationMs: duration }));
  }

  const bareRps = results[0]?.requestsPerSecond ?? 1;
  log('scenario                       req/s     p50 ms   p99 ms   vs bare   errors   bytes');
  results.forEach((result, i) => {
    log(
      [
        (scenarios[i]?.name ?? '').padEnd(28),
        result.requestsPerSecond.toFixed(0).padStart(8),
        result.p50.toFixed(2).padStart(10),
        result.p99.toFixed(2).padStart(8),
        `${((result.requestsPerSecond / bareRps) * 100).toFixed(1)}%`.padStart(9),
        String(result.errors).padStart(8),
        result.bytesPerAnswer.toFixed(0).padStart(7),
      ].join(' '),
    );
  });
  const [, board, notModified] = results as [LoadResult, LoadResult, LoadResult];
  const checks = [
    ['board p99 < 25 ms', board.p99 < 25],
    ['board ≥ 5% of bare req/s', board.requestsPerSecond >= 0.05 * bareRps],
    ['304 ≥ 15% of bare req/s', notModified.requestsPerSecond >= 0.15 * bareRps],
    ['no errors', results.every((result) => result.errors === 0)],
  ] as const;
  log(
    `\ntargets (design §7): ${checks.map(([name, ok]) => `${name}: ${ok ? 'PASS' : 'FAIL'}`).join('; ')}`,
  );

  await app.close();
  await bare.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
