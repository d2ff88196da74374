// First: React DOM looks for the DevTools hook this installs when it loads.
import './src/test/react-commits.ts';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSessionCache } from './src/lib/session.ts';
import { stopSessionSharing } from './src/lib/session-sharing.ts';
import { closeOtherTabs } from './src/test/other-tab.ts';
import { resetToasts } from './src/ui/toasts/toast-store.ts';

// findBy… and waitFor wait for what the user would see; under load a screen can take longer
// than Testing Library's default second to get there.
configure({ asyncUtilTimeout: 10_000 });

// jsdom draws no canvas: every chart shows the data it was given instead (src/test/chart-stand-in.tsx).
vi.mock('react-chartjs-2', () => import('./src/test/chart-stand-in.tsx'));

// jsdom lacks a few browser APIs that Radix primitives and the board touch. jsdom lays nothing
// out: an observed element's size is known at once (the board waits for its frame's width).
class ResizeObserverStub {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    const { clientWidth: width, clientHeight: height } = target;
    const contentRect = {
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      width,
      height,
      right: width,
      bottom: height,
    };
    const entry = { target, contentRect } as unknown as ResizeObserverEntry;
    this.callback([entry], this as unknown as ResizeObserver);
  }
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => {
  cleanup();
  // The colour scheme's class (lib/appearance.ts), set by the providers.
  document.documentElement.removeAttribute('class');
  window.sessionStorage.clear();
  window.localStorage.clear();
  resetSessionCache();
  stopSessionSharing();
  closeOtherTabs();
  resetToasts();
});
