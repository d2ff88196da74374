import { useEffect, useLayoutEffect, useRef } from 'react';
import { getShortcutEngine, type ShortcutHandler } from './shortcut-engine.ts';

/** Runs `handler` when the two-key chord (e.g. 't g') is typed while the component is mounted. */
export function useShortcut(chord: string, handler: ShortcutHandler, enabled = true): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    return getShortcutEngine().register(chord, (event) => latest.current(event));
  }, [chord, enabled]);
}
