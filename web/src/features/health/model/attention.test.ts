import { describe, expect, it, vi } from 'vitest';
import { cohortHealthOf } from '../testing/index.ts';
import { AttentionStore } from './attention.ts';

describe('AttentionStore', () => {
  it('keeps a card’s reasons and the flagged set the same while they do not change', () => {
    const store = new AttentionStore();
    const heard = vi.fn();
    store.subscribe(heard);
    store.update(
      cohortHealthOf([
        { id: 1, name: 'A', reasons: ['late'] },
        { id: 2, name: 'B' },
      ]).learners,
    );
    expect(heard).toHaveBeenCalledTimes(1);
    const reasons = store.reasonsOf(1);
    const flagged = store.flagged();
    expect(reasons).toEqual(['late']);
    expect(store.reasonsOf(2)).toBeNull();
    expect([...flagged]).toEqual([1]);

    store.update(
      cohortHealthOf([
        { id: 1, name: 'A', reasons: ['late'] },
        { id: 2, name: 'B' },
      ]).learners,
    );
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.reasonsOf(1)).toBe(reasons);
    expect(store.flagged()).toBe(flagged);

    store.update(
      cohortHealthOf([
        { id: 1, name: 'A', reasons: ['later'] },
        { id: 2, name: 'B', reasons: ['idle'] },
      ]).learners,
    );
    expect(heard).toHaveBeenCalledTimes(2);
    expect(store.reasonsOf(1)).toEqual(['later']);
    expect([...store.flagged()].sort()).toEqual([1, 2]);
  });

  it('is loaded once the first health figures arrive, even with nobody flagged', () => {
    const store = new AttentionStore();
    expect(store.isLoaded()).toBe(false);
    store.update([]);
    expect(store.isLoaded()).toBe(true);
    expect(store.flagged().size).toBe(0);
  });
});
