import type { RosterCounts } from '@lp/contract/roster';

const learners = (n: number) => `${n} ${n === 1 ? 'learner' : 'learners'}`;

/** What an applied import did, in one line: 'Added 3 learners, enrolled 1, skipped 2'. */
export function importSummary(counts: RosterCounts): string {
  const parts = [
    counts.created > 0 ? `added ${learners(counts.created)}` : null,
    counts.enrolled > 0
      ? `enrolled ${counts.created > 0 ? counts.enrolled : learners(counts.enrolled)}`
      : null,
    counts.skipped > 0 ? `skipped ${counts.skipped}` : null,
  ].filter((part): part is string => part !== null);
  const text = parts.length > 0 ? parts.join(', ') : 'nothing to import';
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** The preview in one line, before applying: '2 new, 1 to enrol, 1 already in, 1 error'. */
export function previewSummary(counts: RosterCounts): string {
  const errors = counts.errors === 1 ? '1 error' : `${counts.errors} errors`;
  return `${counts.created} new, ${counts.enrolled} to enrol, ${counts.skipped} already in, ${errors}`;
}

/**
 * What the preview says of a file not in UTF-8, so that a wrong guess of its encoding shows
 * before anything is applied: 'Read as Windows-1252: …'. Null for UTF-8, the usual case.
 */
export function encodingNote(encoding: string): string | null {
  if (encoding === 'UTF-8') return null;
  return `Read as ${encoding}, as the file is not in UTF-8: check that the names below look right.`;
}
