// What the board's sideways scroll hides: the project columns and cards cut off at either edge,
// read from the rendered columns whenever the board scrolls, resizes or changes.
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

export interface Hidden {
  projects: number;
  learners: number;
  /** scrollLeft that brings the nearest hidden columns into view. */
  scrollTo: number;
}

export interface Offscreen {
  left: Hidden | null;
  right: Hidden | null;
}

/** A column or card cut by less than this still reads as on screen. */
const TOLERANCE = 8;
const NONE: Offscreen = { left: null, right: null };

function measure(board: HTMLElement): Offscreen {
  const view = board.getBoundingClientRect();
  const columns = [...board.querySelectorAll<HTMLElement>('[data-column]')].map((column) =>
    column.getBoundingClientRect(),
  );
  const cards = [...board.querySelectorAll<HTMLElement>('[data-learner-id]')].map((card) =>
    card.getBoundingClientRect(),
  );
  const toLeft = (rect: DOMRect) => rect.left < view.left - TOLERANCE;
  const toRight = (rect: DOMRect) => rect.right > view.right + TOLERANCE;
  const leftColumns = columns.filter(toLeft);
  const rightColumns = columns.filter(toRight);
  // Pages by whole columns: the nearest hidden column on the right becomes the first in view, the
  // nearest on the left the last in view.
  const nearestRight = Math.min(...rightColumns.map((rect) => rect.left));
  const nearestLeft = Math.max(...leftColumns.map((rect) => rect.right));
  return {
    left:
      leftColumns.length > 0
        ? {
            projects: leftColumns.length,
            learners: cards.filter(toLeft).length,
            scrollTo: Math.max(0, board.scrollLeft + nearestLeft - view.right + TOLERANCE),
          }
        : null,
    right:
      rightColumns.length > 0
        ? {
            projects: rightColumns.length,
            learners: cards.filter(toRight).length,
            scrollTo: board.scrollLeft + nearestRight - view.left - TOLERANCE,
          }
        : null,
  };
}

const same = (a: Hidden | null, b: Hidden | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.projects === b.projects &&
    a.learners === b.learners &&
    Math.round(a.scrollTo) === Math.round(b.scrollTo));

/**
 * Re-measures after every render of the board and on its scroll and resize, in the next animation
 * frame: with the layout the browser computes for that frame anyway, rather than forcing one in
 * the middle of rendering the cards. `boardRef` goes on the scrolling board: it follows the
 * element without a state of its own, so the board mounting with its cards is no extra render.
 */
export function useOffscreenColumns(): {
  offscreen: Offscreen;
  board: RefObject<HTMLElement | null>;
  boardRef: (node: HTMLElement | null) => (() => void) | undefined;
} {
  const [offscreen, setOffscreen] = useState<Offscreen>(NONE);
  const board = useRef<HTMLElement | null>(null);
  const frame = useRef(0);
  const schedule = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const next = board.current ? measure(board.current) : NONE;
      setOffscreen((previous) =>
        same(previous.left, next.left) && same(previous.right, next.right) ? previous : next,
      );
    });
  }, []);

  // After each render: cards and columns move when the learners, the search or the density change.
  useEffect(schedule);

  const boardRef = useCallback(
    (node: HTMLElement | null) => {
      if (!node) return;
      board.current = node;
      const resize = new ResizeObserver(schedule);
      resize.observe(node);
      node.addEventListener('scroll', schedule, { passive: true });
      return () => {
        cancelAnimationFrame(frame.current);
        frame.current = 0;
        resize.disconnect();
        node.removeEventListener('scroll', schedule);
        if (board.current === node) board.current = null;
      };
    },
    [schedule],
  );

  return { offscreen, board, boardRef };
}
