// Migration history, not application code: the SQL text migration 0530 was committed with, kept
// at the path it imports. A committed migration never changes, so neither does this file
// (db/migration-checksums.test.ts holds it, and the statements 0530 sends, to their checksums).
// The application's current assignment is features/board/assignments.ts.

/** SQL text of a lateral join `cp` holding the current assignment of the learner `learnerId`. */
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
