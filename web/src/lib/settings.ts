// Local display preferences under `lp_settings`, shared by every tab of this browser.
import { STORAGE_KEYS } from '@lp/contract/constants';

/** How much a board card shows: 'auto' is compact when the full cards would not fit across. */
export const DENSITIES = ['auto', 'comfortable', 'compact'] as const;
export type Density = (typeof DENSITIES)[number];

/** Light or dark: 'system' follows the browser's prefers-color-scheme (lib/appearance.ts). */
export const APPEARANCES = ['system', 'light', 'dark'] as const;
export type Appearance = (typeof APPEARANCES)[number];

export interface Settings {
  /** Staff viewing the learner interface. */
  mimic: boolean;
  tags: boolean;
  avatars: boolean;
  density: Density;
  /** The board's upcoming-events and shortcuts panel is open. */
  boardPanel: boolean;
  /**
   * The two-letter keyboard shortcuts ('t g') are on. Someone using speech input or who types
   * letters by accident turns them off (WCAG 2.1.4).
   */
  shortcuts: boolean;
  appearance: Appearance;
}

export const DEFAULT_SETTINGS: Settings = {
  mimic: false,
  tags: true,
  avatars: true,
  density: 'auto',
  boardPanel: true,
  shortcuts: true,
  appearance: 'system',
};

type FlagKey = 'mimic' | 'tags' | 'avatars' | 'boardPanel' | 'shortcuts';

/** Fired on window in this tab when a setting changes (other tabs get a `storage` event). */
export const SETTINGS_EVENT = 'lp_settings_changed';

let cachedRaw: string | null | undefined;
let cachedValue: Settings = DEFAULT_SETTINGS;

function parse(raw: string | null): Settings {
  if (!raw) return DEFAULT_SETTINGS;
  try {
    const stored = JSON.parse(raw) as Partial<Record<keyof Settings, unknown>>;
    const pick = (key: FlagKey) =>
      typeof stored[key] === 'boolean' ? stored[key] : DEFAULT_SETTINGS[key];
    const density = DENSITIES.find((choice) => choice === stored.density) ?? 'auto';
    const appearance = APPEARANCES.find((choice) => choice === stored.appearance) ?? 'system';
    return {
      mimic: pick('mimic'),
      tags: pick('tags'),
      avatars: pick('avatars'),
      density,
      boardPanel: pick('boardPanel'),
      shortcuts: pick('shortcuts'),
      appearance,
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** The current settings; the same object is returned until something changes. */
export function getSettings(): Settings {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEYS.settings);
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedValue = parse(raw);
  }
  return cachedValue;
}

export function setSetting<K extends keyof Settings>(key: K, value: Settings[K]): void {
  const next = { ...getSettings(), [key]: value };
  window.localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify(next));
  window.dispatchEvent(new CustomEvent(SETTINGS_EVENT, { detail: { key, value } }));
}

export function toggleSetting(key: FlagKey): boolean {
  const value = !getSettings()[key];
  setSetting(key, value);
  return value;
}

export function subscribeSettings(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.settings) listener();
  };
  window.addEventListener(SETTINGS_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(SETTINGS_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
