// Marks of a page load's steps on the browser's performance timeline (User Timing), where the
// Performance panel of the browser's tools shows them and `npm run bench:web` reads them.

export const LOAD_MARKS = {
  /** The first screen's code (the shell's and the screen's chunks) has loaded. */
  firstScreenCode: 'lp:first-screen-code',
  /** The board's cards are in the document (not yet painted). */
  boardCards: 'lp:board-cards',
} as const;

const marked = new Set<string>();

/** Marks `name` now, once per page load: a later screen of the same page keeps the first. */
export function markOnce(name: string): void {
  if (marked.has(name)) return;
  marked.add(name);
  performance.mark(name);
}
