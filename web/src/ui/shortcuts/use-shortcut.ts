import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSettings } from '@/lib/use-settings.ts';
import { getShortcutEngine, type ShortcutHandler } from './shortcut-engine.ts';

/**
 * Runs `handler` when the two-key chord (e.g. 't g') is typed while the component is mounted,
 * unless the shortcuts are turned off in Settings.
 */
export function useShortcut(chord: string, handler: ShortcutHandler, wanted = true): void {
  const { shortcuts } = useSettings();
  const enabled = wanted && shortcuts;
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    return getShortcutEngine().register(chord, (event) => latest.current(event));
  }, [chord, enabled]);
}
