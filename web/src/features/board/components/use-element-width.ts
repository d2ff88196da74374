import { useEffect, useState } from 'react';

interface Remembered {
  /** The window's width when it was seen. */
  window: number;
  width: number;
}

function recall(key: string): number | null {
  try {
    const remembered = JSON.parse(window.localStorage.getItem(key) ?? 'null') as Remembered | null;
    return remembered?.window === window.innerWidth && typeof remembered.width === 'number'
      ? remembered.width
      : null;
  } catch {
    return null;
  }
}

function remember(key: string, width: number) {
  try {
    const remembered: Remembered = { window: window.innerWidth, width };
    window.localStorage.setItem(key, JSON.stringify(remembered));
  } catch {
    // Storage full or refused: the next visit measures again.
  }
}

/**
 * The element's content width in pixels, kept up to date as it resizes (null until the browser
 * has laid it out). It is never read from the layout in the render's task, which would force the
 * page's style and layout there: the ResizeObserver reports it after the browser's own layout, and
 * what renders with it renders in a task of its own, after the frame without it was painted.
 * With `rememberAs` (a storage key), the width last seen at this window's width is the answer
 * from the first render, and the browser's layout corrects it if it changed (a sidebar folded).
 */
export function useElementWidth(element: HTMLElement | null, rememberAs?: string): number | null {
  const [width, setWidth] = useState<number | null>(() => (rememberAs ? recall(rememberAs) : null));
  useEffect(() => {
    if (!element) return;
    const seen = (measured: number) => {
      setWidth(measured);
      if (rememberAs) remember(rememberAs, measured);
    };
    const observer = new ResizeObserver(([entry]) => {
      if (entry) seen(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, rememberAs]);
  return width;
}
