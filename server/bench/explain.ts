import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { boardSql } from '../src/features/board/board.query.ts';
import { HEALTH_QUERIES } from '../src/features/cohort-health/cohort-health.query.ts';

interface Reviewed {
  /** The feature's queries/ folder. */
  folder: URL;
  title: string;
  explainFile: string;
  /** File name → [SQL text, its arguments]. */
  statements: Array<[string, string, unknown[]]>;
}

/**
 * Writes each reviewed statement's SQL and its EXPLAIN (ANALYZE, BUFFERS) on the bench dataset
 * under its feature's queries/ folder, so hot queries are reviewed as SQL with their plans.
 */
async function explainInto(client: pg.Client, reviewed: Reviewed, log: (line: string) => void) {
  const plans: string[] = [];
  for (const [file, text, args] of reviewed.statements) {
    // Warm the cache first: the committed plan is the steady state the load run sees.
    for (let i = 0; i < 5; i += 1) await client.query(text, args);
    const result = await client.query(`explain (analyze, buffers, costs off) ${text}`, args);
    const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
    const shown =
      args.length > 0
        ? ` with ${args.map((arg, i) => `$${i + 1} = ${arg}`).join(', ')} (a 40-learner cohort)`
        : ' (every learner)';
    plans.push(`== ${file}${shown}\n${plan}\n`);
    writeFileSync(new URL(file, reviewed.folder), text);
  }
  const { rows } = await client.query<{ version: string }>('select version()');
  const header = `EXPLAIN (ANALYZE, BUFFERS) of ${reviewed.title} on the bench dataset (design §7).\nRegenerate: npm run bench -- --explain (in server/). ${rows[0]?.version ?? ''}\n\n`;
  const target = new URL(reviewed.explainFile, reviewed.folder);
  writeFileSync(target, header + plans.join('\n'));
  log(`explain: wrote ${fileURLToPath(target)}`);
}

/** The board's statements and the cohort health's, for the bench's 40-learner cohort. */
export async function explainBoard(url: string, cohortId: number, log: (line: string) => void) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await explainInto(
      client,
      {
        folder: new URL('../src/features/board/queries/', import.meta.url),
        title: 'the board queries',
        explainFile: 'board.explain.txt',
        statements: [['board.sql', boardSql(), [cohortId]]],
      },
      log,
    );
    await explainInto(
      client,
      {
        folder: new URL('../src/features/cohort-health/queries/', import.meta.url),
        title: 'the cohort health queries',
        explainFile: 'health.explain.txt',
        statements: [['cohort-learners.sql', HEALTH_QUERIES['cohort-learners.sql'], [cohortId, 3]]],
      },
      log,
    );
  } finally {
    await client.end();
  }
}
