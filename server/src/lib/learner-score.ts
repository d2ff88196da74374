// Migration history, not application code: the SQL text migration 0530 was committed with, kept
// at the path it imports. A committed migration never changes, so neither does this file
// (db/migration-checksums.test.ts holds it, and the statements 0530 sends, to their checksums).
// The application's score is features/board/learner-score.ts.

/** The score as SQL text over a trusted column reference. */
export const learnerScoreSql = (learnerId: string) => `(select coalesce(sum(lo.weight), 0)::int
      from learning_records lr
      join learning_objectives lo on lo.id = lr.objective_id
      where lr.student_id = ${learnerId} and lr.achieved)`;
