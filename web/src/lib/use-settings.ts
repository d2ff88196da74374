import { useSyncExternalStore } from 'react';
import { getSettings, type Settings, subscribeSettings } from './settings.ts';

/** Local display settings; re-renders when they change in this tab or another. */
export function useSettings(): Settings {
  return useSyncExternalStore(subscribeSettings, getSettings, getSettings);
}
