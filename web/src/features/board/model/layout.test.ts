import { describe, expect, it } from 'vitest';
import { course, learner } from './fixtures.ts';
import { buildBoard } from './grouping.ts';
import { boardWidth, cardSize, rowsPerColumn } from './layout.ts';
import { boardView } from './view.ts';

/** A board with `count` learners on one project column. */
function viewWith(count: number) {
  const learners = Array.from({ length: count }, (_, n) => learner(`Learner ${n}`, 101));
  return boardView(buildBoard(course, learners), { matches: () => true, searching: false });
}

describe('the board layout', () => {
  it('wraps a project column sideways after its rows, more of them for compact cards', () => {
    expect(rowsPerColumn('comfortable', true)).toBe(6);
    expect(rowsPerColumn('comfortable', false)).toBe(9);
    expect(rowsPerColumn('compact', true)).toBe(10);
    const six = viewWith(6);
    const seven = viewWith(7);
    expect(boardWidth(seven, 'comfortable', true)).toBeGreaterThan(
      boardWidth(six, 'comfortable', true),
    );
    expect(boardWidth(seven, 'compact', true)).toBe(boardWidth(six, 'compact', true));
  });

  it('is narrower with compact cards', () => {
    const view = viewWith(12);
    expect(boardWidth(view, 'compact', true)).toBeLessThan(boardWidth(view, 'comfortable', true));
  });

  it("'auto' keeps the full cards while they fit across, and compact cards once they do not", () => {
    const view = viewWith(12);
    const comfortable = boardWidth(view, 'comfortable', true);
    expect(cardSize('auto', view, comfortable, true)).toBe('comfortable');
    expect(cardSize('auto', view, comfortable - 1, true)).toBe('compact');
    // Before the board's width is known.
    expect(cardSize('auto', view, null, true)).toBe('comfortable');
  });

  it('follows the choice of the user whatever the width', () => {
    const view = viewWith(12);
    expect(cardSize('compact', view, 5000, true)).toBe('compact');
    expect(cardSize('comfortable', view, 100, true)).toBe('comfortable');
  });
});
