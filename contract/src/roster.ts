import { type Static, Type } from 'typebox';

/*
 * A cohort's data in and out as CSV, for spreadsheets. Staff only.
 *
 * GET /cohorts/{id}/progress.csv → 200 text/csv; charset=utf-8, as an attachment named
 *   '<cohort>-progress-<YYYY-MM-DD>.csv': a header row (PROGRESS_CSV_COLUMNS, then one column per
 *   assessment of the cohort's courses named after it, then 'Score' and 'Flags'), then one row per
 *   current learner by name. Flags are the learner's health reasons joined by '; '. Instructor
 *   notes are never exported. The file starts with a UTF-8 byte order mark (Excel reads the file
 *   as UTF-8 only with it); lines end with CRLF; fields are quoted as RFC 4180 says, and a text
 *   cell that a spreadsheet would run as a formula (starting with = + - @, tab or CR) starts with
 *   an apostrophe.
 *   400 bad id; 401 anonymous; 403 learners; 404 unknown cohort.
 *
 * POST /cohorts/{id}/roster[?dry_run=true], body text/csv (at most ROSTER_MAX_BYTES), the file's
 *   bytes as they are: a header row naming ROSTER_COLUMNS (constants.ts) in any order and letter
 *   case (other columns are ignored), then one learner a line. The file's character encoding is
 *   its byte order mark's (UTF-8, UTF-16LE/BE), else UTF-8 when its bytes are valid UTF-8, else
 *   the one a detector finds (Windows-1252 and the like); the answer's `encoding` names it. A file
 *   whose encoding cannot be told, or with characters that cannot be read in it, is a 400 naming
 *   the line. Each line is one of:
 *   - create: nobody has the GitHub login: a learner account is made and joins the cohort;
 *   - enrol: a learner with the login is in no cohort: they join it;
 *   - skip: the learner is already in the cohort;
 *   - error: a field is missing or invalid, the login is twice in the file, or belongs to staff,
 *     to a deactivated account or to a learner of another cohort (moved by a transfer).
 *   With dry_run → 200 RosterImport, nothing written. Without → every line applied in one
 *   transaction → 200 RosterImport; any error line → 422 RosterRefusal and nothing is written.
 *   400 empty file, no header, a missing column, bad CSV, an unreadable encoding; 413 too large;
 *   415 not text/csv.
 *
 * POST /cohorts/{id}/roster/{importId}/undo → 200 RosterUndo: the learners an applied import
 *   brought into the cohort leave it again (accounts it made stay, in no cohort); a learner who
 *   has left the cohort since is left alone. 404 unknown cohort or import; 409 already undone.
 */

/** The columns a roster must have, as its header names them (letter case aside). */
export const ROSTER_MAX_BYTES = 256 * 1024;
export const ROSTER_MAX_LINES = 2000;

/** The first columns of the progress export, before the assessments. */
export const PROGRESS_CSV_COLUMNS = [
  'Name',
  'GitHub login',
  'Email',
  'Book',
  'Project',
  'Days on project',
] as const;

export const RosterQuery = Type.Object({
  dry_run: Type.Optional(Type.Boolean({ description: 'Preview only: nothing is written' })),
});
export type RosterQuery = Static<typeof RosterQuery>;

export const RosterAction = Type.Union([
  Type.Literal('create'),
  Type.Literal('enrol'),
  Type.Literal('skip'),
  Type.Literal('error'),
]);
export type RosterAction = Static<typeof RosterAction>;

export const RosterRow = Type.Object({
  /** The file's line the learner starts on (the header is line 1). */
  line: Type.Integer(),
  action: RosterAction,
  /** What happens, or for an error what is wrong, naming the column. */
  message: Type.String(),
});
export type RosterRow = Static<typeof RosterRow>;

export const RosterCounts = Type.Object({
  created: Type.Integer(),
  enrolled: Type.Integer(),
  skipped: Type.Integer(),
  errors: Type.Integer(),
});
export type RosterCounts = Static<typeof RosterCounts>;

export const RosterImport = Type.Object({
  /** False for a preview (dry_run). */
  applied: Type.Boolean(),
  /** The applied import, to undo it; null for a preview. */
  import_id: Type.Union([Type.Integer(), Type.Null()]),
  rows: Type.Array(RosterRow),
  counts: RosterCounts,
  /** The character encoding the file was read as, by its usual name: 'UTF-8', 'Windows-1252'. */
  encoding: Type.String(),
});
export type RosterImport = Static<typeof RosterImport>;

/** 422: the file has error lines; nothing was written. */
export const RosterRefusal = Type.Object({
  message: Type.String(),
  rows: Type.Array(RosterRow),
});
export type RosterRefusal = Static<typeof RosterRefusal>;

export const RosterUndoParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  importId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});
export type RosterUndoParams = Static<typeof RosterUndoParams>;

export const RosterUndo = Type.Object({
  /** 'Removed 3 learners from Day Cohort 70 again'. */
  message: Type.String(),
  removed: Type.Integer(),
});
export type RosterUndo = Static<typeof RosterUndo>;
