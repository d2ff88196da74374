// The operating system's light or dark setting, as the page's prefers-color-scheme query sees
// it: starts as given, and `set` changes it as the system would, telling the query's listeners.
import { vi } from 'vitest';

export function systemColorScheme(initial: 'light' | 'dark') {
  let dark = initial === 'dark';
  const listeners = new Set<EventListener>();
  const query = (media: string) =>
    ({
      media,
      get matches() {
        return media === '(prefers-color-scheme: dark)' ? dark : !dark;
      },
      addEventListener: (_type: string, listener: EventListener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: EventListener) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  // restoreMocks (vitest.config.ts) puts jsdom's back after each test.
  vi.spyOn(window, 'matchMedia').mockImplementation(query);
  return {
    set(scheme: 'light' | 'dark') {
      dark = scheme === 'dark';
      for (const listener of listeners) listener(new Event('change'));
    },
  };
}
