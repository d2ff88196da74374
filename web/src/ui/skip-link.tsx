import type { MouseEvent } from 'react';
import './skip-link.css';

/** The screen's content area (ScreenOutlet's <main>), focusable by script only. */
export const MAIN_ID = 'main';
/** Marks where the skip link lands on a screen that has a better place than <main>: its first. */
export const SKIP_TARGET_ATTRIBUTE = 'data-skip-target';

function skip(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  const target = main?.querySelector<HTMLElement>(`[${SKIP_TARGET_ATTRIBUTE}]`) ?? main;
  if (!target) return;
  event.preventDefault();
  target.focus();
  target.scrollIntoView({ block: 'nearest' });
}

/**
 * 'Skip to content': the first Tab stop of every screen, shown once focused, past the navbar to
 * the screen (on the board, its first card).
 */
export function SkipLink() {
  return (
    <a className="lp-skip-link" href={`#${MAIN_ID}`} onClick={skip}>
      Skip to content
    </a>
  );
}
