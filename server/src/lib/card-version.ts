// Migration history, not application code: the SQL text migration 0530 was committed with, kept
// at the path it imports. A committed migration never changes, so neither does this file
// (db/migration-checksums.test.ts holds it, and the statements 0530 sends, to their checksums).
// The application's card version is features/board/card-version.ts.

/** Columns (SQL expressions) holding what the version is made of; any may be null. */
interface CardVersionColumns {
  assignment: string;
  assessment: string;
  status: string;
  statusChangedAt: string;
}

export const cardVersionText = (c: CardVersionColumns) =>
  `left(md5(concat_ws(':', coalesce(${c.assignment}, 0), coalesce(${c.assessment}, 0), coalesce(${c.status}, 0), coalesce(extract(epoch from ${c.statusChangedAt}), 0))), 16)`;
