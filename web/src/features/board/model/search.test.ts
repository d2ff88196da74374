import { describe, expect, it } from 'vitest';
import { learner } from './fixtures.ts';
import { fuzzyIncludes, learnerFilter, searchTerm } from './search.ts';

const ada = learner('Ada Lovelace', 101, {
  tags: [
    { id: 1, tag: 'Team 3' },
    { id: 2, tag: 'needs pairing' },
  ],
});
const grace = learner('Grace Hopper', 101);
const names = (text: string, fuzzy = true) =>
  [ada, grace].filter(learnerFilter(text, fuzzy)).map((l) => l.name);

describe('learner search', () => {
  it('applies only above 2 characters', () => {
    expect(searchTerm('ad')).toBeNull();
    expect(searchTerm('  ad  ')).toBeNull();
    expect(searchTerm('ada')).toBe('ada');
    expect(names('zz')).toEqual(['Ada Lovelace', 'Grace Hopper']);
  });

  it('matches names case-insensitively', () => {
    expect(names('LOVE')).toEqual(['Ada Lovelace']);
    expect(names('hopper')).toEqual(['Grace Hopper']);
  });

  it('matches names fuzzily by character order on the board', () => {
    expect(names('alvl')).toEqual(['Ada Lovelace']);
    expect(names('ghp')).toEqual(['Grace Hopper']);
    expect(names('vda')).toEqual([]);
    expect(names('alvl', false)).toEqual([]);
  });

  it('matches tag names as substrings', () => {
    expect(names('team 3')).toEqual(['Ada Lovelace']);
    expect(names('PAIRING')).toEqual(['Ada Lovelace']);
    expect(names('team 4')).toEqual([]);
  });

  it('treats regular-expression characters as plain characters', () => {
    for (const text of ['(((', 'a(b', '[ab', '.*+?', '\\\\\\', 'a)$^', '{2}|']) {
      expect(() => names(text)).not.toThrow();
    }
    expect(names('(((')).toEqual([]);
    const odd = learner("Jo (Joey) O'Neil [TA]", 101);
    expect([odd].filter(learnerFilter('(joey)')).length).toBe(1);
    expect([odd].filter(learnerFilter('[ta]')).length).toBe(1);
  });

  it('ignores spaces in the fuzzy pattern', () => {
    expect(fuzzyIncludes('grace hopper', 'gr ho')).toBe(true);
    expect(fuzzyIncludes('grace hopper', 'hogr')).toBe(false);
  });
});
