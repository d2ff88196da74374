// Light or dark: as chosen in Settings (`appearance` in lp_settings) or, by default, as the
// system is set (prefers-color-scheme). The inline script of index.html makes the same choice
// before the first paint (appearance.test.ts holds the two to one answer).
import { type Appearance, getSettings, subscribeSettings } from './settings.ts';

export type ColorScheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The scheme an appearance choice shows now: 'system' asks the browser. */
export function colorSchemeOf(choice: Appearance): ColorScheme {
  if (choice !== 'system') return choice;
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The scheme the app shows now: the stored choice, else the system's. */
export const currentColorScheme = (): ColorScheme => colorSchemeOf(getSettings().appearance);

/** Calls `listener` when the choice changes (this tab or another) or the system's setting does. */
export function subscribeColorScheme(listener: () => void): () => void {
  const system = window.matchMedia(DARK_QUERY);
  system.addEventListener('change', listener);
  const stopSettings = subscribeSettings(listener);
  return () => {
    system.removeEventListener('change', listener);
    stopSettings();
  };
}

/**
 * The scheme's class on <html>, as the inline script of index.html set it at load: the page's
 * own background and native controls (theme.css) under and around the Radix theme.
 */
export function applyColorScheme(scheme: ColorScheme): void {
  const root = document.documentElement;
  root.classList.remove(scheme === 'dark' ? 'light' : 'dark');
  root.classList.add(scheme);
}
