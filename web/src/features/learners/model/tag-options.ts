// The tag combobox's options (components/tag-combobox.tsx): the existing tags that match what
// was typed, then, unless a tag of exactly that name exists, the explicit option to create it.
import type { Tag } from '@lp/contract/tags';

export type TagOption = { kind: 'tag'; tag: Tag; worn: boolean } | { kind: 'create'; name: string };

/**
 * Case-insensitive "contains", tags whose name starts with the text first, each group in the
 * list's own order (by name). Tags the learner wears stay listed (so typing one's name never
 * offers to create it again) but are marked to be skipped.
 */
export function tagOptions(tags: readonly Tag[], typed: string, worn: ReadonlySet<number>) {
  const text = typed.trim().toLowerCase();
  const name = (tag: Tag) => tag.name.toLowerCase();
  const matches = tags.filter((tag) => name(tag).includes(text));
  const ordered = [
    ...matches.filter((tag) => name(tag).startsWith(text)),
    ...matches.filter((tag) => !name(tag).startsWith(text)),
  ];
  const options: TagOption[] = ordered.map((tag) => ({ kind: 'tag', tag, worn: worn.has(tag.id) }));
  if (text && !tags.some((tag) => name(tag) === text))
    options.push({ kind: 'create', name: typed.trim() });
  return options;
}

/** Whether an option can be chosen (a tag the learner already wears cannot). */
export const isChoosable = (option: TagOption) => option.kind === 'create' || !option.worn;

/**
 * The option highlighted as the text changes: the first choosable tag that matches. Never the
 * create option, so Enter never makes a near-duplicate of a tag: creating is chosen on purpose.
 */
export const firstMatch = (options: readonly TagOption[]) =>
  options.findIndex((option) => option.kind === 'tag' && !option.worn);

/**
 * The next choosable option after `from` (-1: none highlighted yet) going `step`, wrapping
 * round; -1 when there is none.
 */
export function nextChoosable(options: readonly TagOption[], from: number, step: 1 | -1) {
  const count = options.length;
  const start = from >= 0 ? from : step === 1 ? -1 : count;
  for (let moved = 1; moved <= count; moved += 1) {
    const index = (((start + step * moved) % count) + count) % count;
    if (isChoosable(options[index] as TagOption)) return index;
  }
  return -1;
}
