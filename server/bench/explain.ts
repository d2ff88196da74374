import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { BOARD_SQL, BOARD_VERSION_SQL } from '../src/features/board/board.query.ts';

const queries = new URL('../src/features/board/queries/', import.meta.url);

/**
 * Writes the board's SQL and its EXPLAIN (ANALYZE, BUFFERS) on the bench dataset under
 * src/features/board/queries/, so the hot query is reviewed as SQL with its plan.
 */
export async function explainBoard(url: string, cohortId: number, log: (line: string) => void) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const plans: string[] = [];
    for (const [name, text] of [
      ['board', BOARD_SQL],
      ['board-version', BOARD_VERSION_SQL],
    ] as const) {
      // Warm the cache first: the committed plan is the steady state the load run sees.
      for (let i = 0; i < 5; i += 1) await client.query(text, [cohortId]);
      const result = await client.query(`explain (analyze, buffers, costs off) ${text}`, [
        cohortId,
      ]);
      const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
      plans.push(`== ${name}.sql with $1 = ${cohortId} (a 40-learner cohort)\n${plan}\n`);
      writeFileSync(new URL(`${name}.sql`, queries), text);
    }
    const { rows } = await client.query<{ version: string }>('select version()');
    const header = `EXPLAIN (ANALYZE, BUFFERS) of the board queries on the bench dataset (design §7).\nRegenerate: npm run bench -- --explain (in server/). ${rows[0]?.version ?? ''}\n\n`;
    const target = new URL('board.explain.txt', queries);
    writeFileSync(target, header + plans.join('\n'));
    log(`explain: wrote ${fileURLToPath(target)}`);
  } finally {
    await client.end();
  }
}
