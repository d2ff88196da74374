import { useSyncExternalStore } from 'react';
import { type ColorScheme, currentColorScheme, subscribeColorScheme } from './appearance.ts';

/** Light or dark as shown now; re-renders when the Settings choice or the system's changes. */
export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribeColorScheme, currentColorScheme, currentColorScheme);
}
