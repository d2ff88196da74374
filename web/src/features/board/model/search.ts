// Learner search (spec §5): only above 2 characters; name or tag, case-insensitive. On the board
// the name also matches fuzzily (the typed characters in order, anything in between). No regular
// expressions are built from the text, so '(' or '[' are just characters.
import type { BoardLearner } from './types.ts';

export const SEARCH_MIN_LENGTH = 3;

/** The text to search for, or null when it is too short to apply. */
export function searchTerm(text: string): string | null {
  const term = text.trim().toLocaleLowerCase();
  return term.length >= SEARCH_MIN_LENGTH ? term : null;
}

/** True when every character of `pattern` occurs in `text` in the same order. */
export function fuzzyIncludes(text: string, pattern: string): boolean {
  let at = 0;
  for (const char of pattern) {
    if (char.trim() === '') continue;
    const found = text.indexOf(char, at);
    if (found === -1) return false;
    at = found + char.length;
  }
  return true;
}

type Searchable = Pick<BoardLearner, 'name' | 'tags'>;

/** Does the learner match an already normalised term (see searchTerm)? */
export function learnerMatches(learner: Searchable, term: string, fuzzy: boolean): boolean {
  const name = learner.name.toLocaleLowerCase();
  if (fuzzy ? fuzzyIncludes(name, term) : name.includes(term)) return true;
  return learner.tags.some((tag) => tag.tag.toLocaleLowerCase().includes(term));
}

/** A predicate for the raw search text: everything matches while the text is too short. */
export function learnerFilter(text: string, fuzzy = true): (learner: Searchable) => boolean {
  const term = searchTerm(text);
  if (term === null) return () => true;
  return (learner) => learnerMatches(learner, term, fuzzy);
}
