import type { BoardChange } from '@lp/contract/live';
import { describe, expect, it } from 'vitest';
import { changeMark } from './card-marks.ts';

const change = (overrides: Partial<BoardChange>): BoardChange => ({
  id: '1',
  cohort: 72,
  student_id: 3,
  kind: 'project',
  summary: 'moved to Functionland',
  actor: { id: 5, name: 'Grace Coach' },
  at: '2026-03-02T15:00:00.000Z',
  ...overrides,
});

describe('the mark a change leaves on its card', () => {
  it("names another person's change, and leaves one's own and a nameless one unmarked", () => {
    expect(changeMark(change({}), 1)).toBe('moved to Functionland by Grace Coach');
    expect(changeMark(change({}), 5)).toBeNull();
    expect(changeMark(change({ actor: null }), 1)).toBeNull();
  });

  it("marks GitHub's work as GitHub's, and a repository linked by someone with their name", () => {
    expect(changeMark(change({ kind: 'activity', actor: null, summary: 'CI: failure' }), 1)).toBe(
      'CI: failure on GitHub',
    );
    expect(changeMark(change({ kind: 'repository', summary: 'linked org/toys' }), 1)).toBe(
      'linked org/toys by Grace Coach',
    );
  });
});
