import { describe, expect, it } from 'vitest';
import { firstMatch, nextChoosable, tagOptions } from './tag-options.ts';

const tags = [
  { id: 1, name: 'Code review' },
  { id: 2, name: 'needs pairing' },
  { id: 3, name: 'Needs review' },
];
const labels = (typed: string, worn = new Set<number>()) =>
  tagOptions(tags, typed, worn).map((option) =>
    option.kind === 'create' ? `+${option.name}` : option.tag.name,
  );

describe('tagOptions', () => {
  it('lists the tags containing the text in any case, those starting with it first', () => {
    expect(labels('REVIEW')).toEqual(['Code review', 'Needs review', '+REVIEW']);
    expect(labels('ne')).toEqual(['needs pairing', 'Needs review', '+ne']);
    expect(labels('')).toEqual(['Code review', 'needs pairing', 'Needs review']);
  });

  it('offers to create the trimmed text last, unless a tag has exactly that name', () => {
    expect(labels('  night owl ')).toEqual(['+night owl']);
    expect(labels('needs PAIRING')).toEqual(['needs pairing']);
  });
});

describe('the highlight', () => {
  it('starts on the first match the learner does not wear, never on the create option', () => {
    const worn = new Set([2]);
    expect(firstMatch(tagOptions(tags, 'needs', worn))).toBe(1);
    expect(firstMatch(tagOptions(tags, 'owl', worn))).toBe(-1);
  });

  it('moves over the choosable options, wrapping round', () => {
    const options = tagOptions(tags, 'e', new Set([1]));
    // Code review (worn), needs pairing, Needs review, + e
    expect(nextChoosable(options, -1, 1)).toBe(1);
    expect(nextChoosable(options, -1, -1)).toBe(3);
    expect(nextChoosable(options, 3, 1)).toBe(1);
    expect(nextChoosable(options, 1, -1)).toBe(3);
    expect(nextChoosable([], -1, 1)).toBe(-1);
  });
});
