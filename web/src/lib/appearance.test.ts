import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STORAGE_KEYS } from '@lp/contract/constants';
import { describe, expect, it } from 'vitest';
import { systemColorScheme } from '@/test/system-color-scheme.ts';
import { colorSchemeOf, currentColorScheme } from './appearance.ts';

// index.html's script sets the scheme's class on <html> before the first paint, with no module
// loaded: it must choose as currentColorScheme does once the app runs.
const page = readFileSync(join(process.cwd(), 'index.html'), 'utf8');
const inlineScript = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '';

describe('the colour scheme', () => {
  it('follows the system unless light or dark is chosen', () => {
    const system = systemColorScheme('dark');
    expect(colorSchemeOf('system')).toBe('dark');
    system.set('light');
    expect(colorSchemeOf('system')).toBe('light');
    expect(colorSchemeOf('dark')).toBe('dark');
    system.set('dark');
    expect(colorSchemeOf('light')).toBe('light');
  });

  describe.each(['light', 'dark'] as const)('on a system set to %s', (system) => {
    it.each([
      ['nothing stored', null],
      ['System', { appearance: 'system' }],
      ['Light', { appearance: 'light' }],
      ['Dark', { appearance: 'dark' }],
      ['a choice it does not know', { appearance: 'sepia', tags: false }],
      ['settings it cannot read', '{not json'],
    ])("is chosen by index.html's script as by the app, with %s", (_case, stored) => {
      systemColorScheme(system);
      if (stored !== null) {
        const text = typeof stored === 'string' ? stored : JSON.stringify(stored);
        window.localStorage.setItem(STORAGE_KEYS.settings, text);
      }
      new Function(inlineScript)();
      expect(document.documentElement.className).toBe(currentColorScheme());
    });
  });
});
