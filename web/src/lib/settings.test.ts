import { STORAGE_KEYS } from '@lp/contract/constants';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, getSettings, setSetting, toggleSetting } from './settings.ts';

afterEach(() => window.localStorage.clear());

describe('local settings', () => {
  it('start as the defaults: auto density and the board panel open', () => {
    expect(getSettings()).toEqual(DEFAULT_SETTINGS);
    expect(getSettings()).toMatchObject({ density: 'auto', boardPanel: true });
  });

  it('keep the density and the board panel under lp_settings, beside the other flags', () => {
    setSetting('density', 'compact');
    expect(toggleSetting('boardPanel')).toBe(false);
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.settings) ?? '{}');
    expect(stored).toEqual({ ...DEFAULT_SETTINGS, density: 'compact', boardPanel: false });
    expect(getSettings()).toMatchObject({ density: 'compact', boardPanel: false, tags: true });
  });

  it('fall back to the default for a stored value they do not know', () => {
    window.localStorage.setItem(
      STORAGE_KEYS.settings,
      JSON.stringify({ tags: false, density: 'huge', boardPanel: 'no', appearance: 'sepia' }),
    );
    expect(getSettings()).toEqual({ ...DEFAULT_SETTINGS, tags: false });
    expect(getSettings().appearance).toBe('system');
  });

  it('keep the appearance chosen, light or dark, beside the other flags', () => {
    setSetting('appearance', 'dark');
    expect(getSettings()).toEqual({ ...DEFAULT_SETTINGS, appearance: 'dark' });
    setSetting('appearance', 'light');
    expect(getSettings().appearance).toBe('light');
  });
});
