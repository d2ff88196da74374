import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { issueToken } from '../src/features/auth/tokens.ts';
import { board } from '../src/features/board/board.repository.ts';
import { chooseEncoding, EncodedBody } from '../src/lib/encoded-body.ts';
import { benchDatabaseUrl, boardCohortId, type Engine, openBenchDatabase } from './generate.ts';

// The server under load, in a process of its own (run.ts starts it; the load generator stays in
// run.ts's process). It prints one JSON line with what the scenarios need, then serves until
// SIGTERM. Besides the app's routes it has two of its own: /bench/bare answers without touching
// the database (the yardstick every ratio is measured against, served by the same app and
// plugins), and /bench/board-build reads the board with nothing cached on every request (the
// board read after a change: its statement, its body compressed once).

export interface BenchTarget {
  url: string;
  token: string;
  cohortId: number;
  learnerId: number;
  /** A project the learner has never had, to move them to and back (health-after-move.ts). */
  freshProjectId: number;
  /** The secret the webhook's deliveries are signed with, and the repositories they are about. */
  webhookSecret: string;
  repositories: { id: number; fullName: string }[];
}

const WEBHOOK_SECRET = 'bench-webhook-secret-0123456789';

const engine = (process.argv[process.argv.indexOf('--engine') + 1] ?? 'pg') as Engine;
const poolSize = Number(process.env.DB_POOL_SIZE ?? 10);
const log = (line: string) => console.error(line);

const database = await openBenchDatabase(engine, log, poolSize);
const env = engine === 'pg' ? { DATABASE_URL: benchDatabaseUrl() } : {};
// The live board's fan-out opens 200 streams as one person: no per-person limit here.
const config = {
  ...loadConfig({
    ...env,
    LOG_LEVEL: 'silent',
    LIVE_CONNECTIONS_PER_PERSON: '1000',
    GITHUB_WEBHOOK_SECRET: WEBHOOK_SECRET,
  }),
  webDist: '',
};
const app = await buildApp(config, database, { logger: false });
app.get('/bench/bare', async () => ({ hello: 'world' }));
// Nothing kept: the statement runs and its body is compressed for the caller, as on the first
// read after a change.
app.get<{ Querystring: { cohort: string } }>('/bench/board-build', async (request, reply) => {
  const row = await board(app.db, Number(request.query.cohort));
  if (!row) return reply.code(404).send();
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  const answer = new EncodedBody(Buffer.from(row.body)).in(encoding);
  if (answer.encoding) reply.header('content-encoding', answer.encoding);
  return reply.type('application/json').send(answer.body);
});
// How many webhook deliveries wait for their job (bench/webhooks.ts waits until none do).
app.get('/bench/deliveries-pending', async () => {
  const row = await app.db
    .selectFrom('github_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('pending'))
    .where('processed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending) };
});
await app.listen({ host: '127.0.0.1', port: 0 });

/** A repository linked to each learner of the board's cohort, for their current project. */
async function linkBoardRepositories() {
  const learners = sql`
    select m.person_id, (select sp.project_id from student_projects sp
        where sp.student_id = m.person_id
        order by sp.assigned_at desc, sp.id desc limit 1) as project_id
    from cohort_memberships m
    where m.cohort_id = ${boardCohortId} and m.left_at is null`;
  await sql`
    insert into repositories (github_id, full_name, html_url)
    select 5000000 + l.person_id, 'bench-school/work-' || l.person_id,
      'https://github.com/bench-school/work-' || l.person_id
    from (${learners}) l
    on conflict do nothing`.execute(database.db);
  await sql`
    insert into repository_links (repository_id, learner_id, project_id, source)
    select r.id, l.person_id, l.project_id, 'staff'
    from (${learners}) l join repositories r on r.github_id = 5000000 + l.person_id
    on conflict do nothing`.execute(database.db);
  const linked = await database.db
    .selectFrom('repositories')
    .select(['github_id', 'full_name'])
    .where('full_name', 'like', 'bench-school/%')
    .orderBy('id')
    .execute();
  return linked.map((row) => ({ id: row.github_id ?? 0, fullName: row.full_name }));
}

const staff = await database.db
  .selectFrom('people')
  .select('id')
  .where('is_staff', '=', true)
  .orderBy('id')
  .executeTakeFirstOrThrow();
const learner = await database.db
  .selectFrom('cohort_memberships')
  .select('person_id')
  .where('cohort_id', '=', boardCohortId)
  .where('left_at', 'is', null)
  .orderBy('person_id')
  .executeTakeFirstOrThrow();
const fresh = await database.db
  .selectFrom('projects')
  .select('id')
  .where(({ not, exists, selectFrom }) =>
    not(
      exists(
        selectFrom('student_projects as sp')
          .select('sp.id')
          .whereRef('sp.project_id', '=', 'projects.id')
          .where('sp.student_id', '=', learner.person_id),
      ),
    ),
  )
  .orderBy('id')
  .executeTakeFirstOrThrow();
const repositories = await linkBoardRepositories();
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const target: BenchTarget = {
  url: `http://127.0.0.1:${port}`,
  token: await issueToken(database.db, staff.id),
  cohortId: boardCohortId,
  learnerId: learner.person_id,
  freshProjectId: fresh.id,
  webhookSecret: WEBHOOK_SECRET,
  repositories,
};
console.log(JSON.stringify(target));

process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
