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
 * The version an If-Match header names: an entity tag (quoted, weak or not) or the bare version;
 * null when there is nothing to compare (no header, or `*`).
 */
export function ifMatchVersion(header: string | undefined): string | null {
  const value = header?.trim();
  if (!value || value === '*') return null;
  return value.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
}
