import type { Expression } from 'kysely';
import type { Db } from '../../db/schema.ts';

// A learner's current project is their latest assignment (assigned_at, then id): written once.

/**
 * SQL text of a lateral join `cp` holding the current assignment of the learner whose id is in
 * `learnerId`, with `columns` of student_projects (as `sp`) and of any `joins` to it (each a
 * `join … on …` line along a not-null key, so no assignment is dropped; e.g. the assignment's
 * project, then looked up for the one row kept only).
 * Each line after the first starts with `indent`, to line up with the statement around it (the
 * board's SQL is reviewed as text).
 */
export function currentAssignmentJoinText(
  learnerId: string,
  columns: string,
  indent: string,
  joins: string[] = [],
) {
  return [
    'left join lateral (',
    `  select ${columns}`,
    '  from student_projects sp',
    ...joins.map((join) => `  ${join}`),
    `  where sp.student_id = ${learnerId}`,
    '  order by sp.assigned_at desc, sp.id desc',
    '  limit 1',
    ') cp on true',
  ].join(`\n${indent}`);
}

/**
 * The same assignment as a query to select from: `sp` (student_projects) with its project as
 * `project` and the project's book as `book`. The learner is an id, or a column of a statement
 * around it.
 */
export const currentAssignmentOf = (db: Db, learnerId: number | Expression<number>) =>
  db
    .selectFrom('student_projects as sp')
    .innerJoin('projects as project', 'project.id', 'sp.project_id')
    .innerJoin('books as book', 'book.id', 'project.book_id')
    .where('sp.student_id', '=', learnerId)
    .orderBy('sp.assigned_at', 'desc')
    .orderBy('sp.id', 'desc')
    .limit(1);
