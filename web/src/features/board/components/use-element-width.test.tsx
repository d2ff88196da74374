import { STORAGE_KEYS } from '@lp/contract/constants';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useElementWidth } from './use-element-width.ts';

const KEY = STORAGE_KEYS.boardWidth;

/** A ResizeObserver the test reports sizes through, as the browser's layout would. */
let report: ((width: number) => void) | null = null;
class ReportingObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe() {
    report = (width) =>
      this.callback(
        [{ contentRect: { width } } as ResizeObserverEntry],
        this as unknown as ResizeObserver,
      );
  }
  unobserve() {}
  disconnect() {
    report = null;
  }
}

/** Every width the component rendered with, in order; the frame's layout read `layoutReads` times. */
function renderFrame(frameWidth: number) {
  const widths: (number | null)[] = [];
  let layoutReads = 0;
  const frame = document.createElement('div');
  Object.defineProperty(frame, 'clientWidth', {
    get: () => {
      layoutReads += 1;
      return frameWidth;
    },
  });
  function Board() {
    widths.push(useElementWidth(frame, KEY));
    return null;
  }
  render(<Board />);
  return { widths, layoutReads: () => layoutReads };
}

const remembered = () => JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as unknown;

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', ReportingObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the board frame width', () => {
  it('on a first visit, waits for the browser to lay the frame out, and remembers it for this window width', () => {
    const { widths, layoutReads } = renderFrame(1400);
    expect(widths).toEqual([null]);
    act(() => report?.(1400));
    expect(widths).toEqual([null, 1400]);
    // Reading it in the render's task would force the page's style and layout there.
    expect(layoutReads()).toBe(0);
    expect(remembered()).toEqual({ window: window.innerWidth, width: 1400 });
  });

  it('is known from the first render when remembered at this window width', () => {
    window.localStorage.setItem(KEY, JSON.stringify({ window: window.innerWidth, width: 1400 }));
    const { widths, layoutReads } = renderFrame(1400);
    expect(widths).toEqual([1400]);
    expect(layoutReads()).toBe(0);
  });

  it('waits for the layout when remembered at another window width', () => {
    window.localStorage.setItem(
      KEY,
      JSON.stringify({ window: window.innerWidth + 200, width: 1600 }),
    );
    const { widths } = renderFrame(1400);
    expect(widths).toEqual([null]);
    act(() => report?.(1400));
    expect(widths).toEqual([null, 1400]);
  });

  it('follows the layout when the frame turns out another width, and remembers that', () => {
    window.localStorage.setItem(KEY, JSON.stringify({ window: window.innerWidth, width: 1400 }));
    const { widths } = renderFrame(1400);
    act(() => report?.(1180.4));
    expect(widths.at(-1)).toBe(1180);
    expect(remembered()).toEqual({ window: window.innerWidth, width: 1180 });
  });
});
