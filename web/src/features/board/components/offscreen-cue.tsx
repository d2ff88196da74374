// The cue at each edge of the board for the columns scrolled out of view, with their counts;
// a click scrolls them in.
import type { RefObject } from 'react';
import type { Hidden } from './use-offscreen-columns.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function cueText(hidden: Hidden): string {
  return `${plural(hidden.projects, 'project', 'projects')} · ${plural(hidden.learners, 'learner', 'learners')}`;
}

export function OffscreenCue({
  side,
  hidden,
  board,
}: {
  side: 'left' | 'right';
  hidden: Hidden | null;
  board: RefObject<HTMLElement | null>;
}) {
  if (!hidden) return null;
  const text = cueText(hidden);
  const scroll = () => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    board.current?.scrollTo({ left: hidden.scrollTo, behavior: reduced ? 'auto' : 'smooth' });
  };
  return (
    <button
      type="button"
      className={`lp-board-cue lp-board-cue--${side}`}
      onClick={scroll}
      aria-label={`Scroll ${side}: ${text} out of view`}
    >
      {side === 'left' ? `← ${text}` : `${text} →`}
    </button>
  );
}
