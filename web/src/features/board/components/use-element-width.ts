import { useLayoutEffect, useRef, useState } from 'react';

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
 * The element's content width in pixels, kept up to date as it resizes (null before layout).
 * With `rememberAs` (a storage key), the width last seen at this window's width is the answer
 * from the first render: what lays out to it needs no forced style and layout of the page to
 * read it, and the browser's own layout corrects it if it changed (a sidebar folded, say).
 */
export function useElementWidth(element: HTMLElement | null, rememberAs?: string): number | null {
  const [width, setWidth] = useState<number | null>(() => (rememberAs ? recall(rememberAs) : null));
  const known = useRef(width !== null);
  useLayoutEffect(() => {
    if (!element) return;
    const seen = (measured: number) => {
      known.current = true;
      setWidth(measured);
      if (rememberAs) remember(rememberAs, measured);
    };
    if (!known.current) seen(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) seen(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, rememberAs]);
  return width;
}
