import { type RawBuilder, sql } from 'kysely';

/**
 * A learner's score, the one definition every feature shares (contract/src/board.ts): the sum of
 * learning_objectives.weight over the learner's learning_records with achieved = true, 0 when
 * none, no core-skill multiplier.
 */
const definition = (learnerId: string) => `(select coalesce(sum(lo.weight), 0)::int
      from learning_records lr
      join learning_objectives lo on lo.id = lr.objective_id
      where lr.student_id = ${learnerId} and lr.achieved)`;

/**
 * The score as SQL text over a trusted column reference (e.g. `people.id`), never input:
 * the board's reviewed SQL (features/board/board.query.ts) is built with it.
 */
export function learnerScoreSql(learnerId: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(learnerId)) {
    throw new Error(`learnerScoreSql expects a column reference, got '${learnerId}'`);
  }
  return definition(learnerId);
}

/** The score as a Kysely expression over a column, e.g. `learnerScore('people.id').as('score')`. */
export const learnerScore = (learnerId: string): RawBuilder<number> =>
  sql<number>`${sql.raw(learnerScoreSql(learnerId))}`;
