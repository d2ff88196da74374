import { currentAssignmentJoinText } from './assignments.ts';

// A learner card's version (contract/board.ts BoardLearner.version), one definition for the
// board's SQL and the board mutations that compare it with If-Match: a short hash of the
// learner's current project assignment and the self-assessment the card shows (its id, status
// and when the status changed). Undoing a change puts the same rows back, so the version too.

/** Columns (SQL expressions) holding what the version is made of; any may be null. */
export interface CardVersionColumns {
  /** The current student_projects row's id. */
  assignment: string;
  /** The shown student_assessments row's id, status_id and status_changed_at. */
  assessment: string;
  status: string;
  statusChangedAt: string;
}

export const cardVersionText = (c: CardVersionColumns) =>
  `left(md5(concat_ws(':', coalesce(${c.assignment}, 0), coalesce(${c.assessment}, 0), coalesce(${c.status}, 0), coalesce(extract(epoch from ${c.statusChangedAt}), 0))), 16)`;

/**
 * SQL text joining what a card shows of the learner whose id is in `learnerId`: `cp` their current
 * assignment (assignment_id, project_id, assigned_at, project_index, project_name, book_id,
 * book_index, book_name, assessment_id, assessment_name) and `sa` their student_assessments row of
 * that book's self-assessment. The board and the If-Match check read the card through it, and
 * `CARD_VERSION_TEXT` is the card's version over it. Lines after the first start with `indent`.
 */
export const cardJoinText = (learnerId: string, indent: string) =>
  `${currentAssignmentJoinText(
    learnerId,
    [
      'sp.id as assignment_id, sp.project_id, sp.assigned_at,',
      'pr.index as project_index, pr.name as project_name,',
      'b.id as book_id, b.index as book_index, b.name as book_name,',
      'a.id as assessment_id, a.name as assessment_name',
    ].join(`\n${indent}    `),
    indent,
    [
      'join projects pr on pr.id = sp.project_id',
      'join books b on b.id = pr.book_id',
      'left join assessments a on a.book_id = b.id',
    ],
  )}
${indent}left join student_assessments sa
${indent}  on sa.assessment_id = cp.assessment_id and sa.student_id = ${learnerId}`;

/** The card's version over `cardJoinText`'s `cp` and `sa`. */
export const CARD_VERSION_TEXT = cardVersionText({
  assignment: 'cp.assignment_id',
  assessment: 'sa.id',
  status: 'sa.status_id',
  statusChangedAt: 'sa.status_changed_at',
});

/**
 * The version an If-Match header names: an entity tag (quoted, weak or not) or the bare version;
 * null when there is nothing to compare (no header, or `*`).
 */
export function ifMatchVersion(header: string | undefined): string | null {
  const value = header?.trim();
  if (!value || value === '*') return null;
  return value.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
}
