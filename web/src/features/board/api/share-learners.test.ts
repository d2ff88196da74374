import { describe, expect, it } from 'vitest';
import { learner } from '../testing';
import { shareLearnersById } from './share-learners.ts';

const ada = learner('Ada', 1);
const bo = learner('Bo', 1);
const cy = learner('Cy', 2);

describe('shareLearnersById', () => {
  it('keeps each unchanged learner, wherever the new answer puts them', () => {
    const moved = { ...ada, project_id: 3 };
    const shared = shareLearnersById(
      [ada, bo, cy],
      [structuredClone(bo), structuredClone(cy), moved],
    );
    expect(shared[0]).toBe(bo);
    expect(shared[1]).toBe(cy);
    expect(shared[2]).toEqual(moved);
    expect(shared[2]).not.toBe(ada);
  });

  it('keeps the previous answer when nothing changed', () => {
    const previous = [ada, bo, cy];
    expect(shareLearnersById(previous, structuredClone(previous))).toBe(previous);
  });

  it('gives a new answer when only the order changed', () => {
    const shared = shareLearnersById([ada, bo], [structuredClone(bo), structuredClone(ada)]);
    expect(shared).toEqual([bo, ada]);
    expect(shared[0]).toBe(bo);
  });

  it('drops a learner gone from the board and takes a new one', () => {
    const shared = shareLearnersById([ada, bo], [structuredClone(bo), cy]);
    expect(shared).toEqual([bo, cy]);
    expect(shared[0]).toBe(bo);
  });
});
