// react-chartjs-2 as every component test sees it (vitest.setup.ts): jsdom draws no canvas, so
// each chart shows the data it was given instead. In the setup rather than per file: files share
// their worker's modules, so any screen that reaches a chart (a book deleted goes back to its
// course's charts) would load the real one for the files after it.
import type { ReactNode } from 'react';

const chart =
  (kind: string) =>
  ({ data, 'aria-label': label }: { data: unknown; 'aria-label': string }): ReactNode => (
    <pre role="img" aria-label={label} data-kind={kind}>
      {JSON.stringify(data)}
    </pre>
  );

export const Bubble = chart('bubble');
export const Bar = chart('bar');
export const Line = chart('line');
