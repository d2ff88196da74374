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
