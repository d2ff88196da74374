// The two course charts of spec §9, derived from the course stats rows. Pure, so every rule is
// unit-tested without a canvas.

export interface StatsRow {
  projectname: string;
  averagestartdelay: number;
}

export interface BubblePoint {
  /** 2 × (row index + 1). */
  x: number;
  /** The row's average start delay (days). */
  y: number;
  /** 3 × (1 + |next row's delay − this row's delay|); 3 for the last row. */
  r: number;
  projectname: string;
}

export const BAR_DATASET_LABEL = 'Average Start Delay (days)';
export const BUBBLE_DATASET_LABEL = 'Time on Project';
const RADIUS_SCALE = 3;
const LABEL_CHARS = 6;

export function bubblePoints(rows: readonly StatsRow[]): BubblePoint[] {
  return rows.map((row, index) => {
    const next = rows[index + 1];
    const gap = next ? Math.abs(next.averagestartdelay - row.averagestartdelay) : 0;
    return {
      x: 2 * (index + 1),
      y: row.averagestartdelay,
      r: (1 + gap) * RADIUS_SCALE,
      projectname: row.projectname,
    };
  });
}

/** The tooltip: the project name and the rounded radius/3 as days. */
export const bubbleTooltip = (point: BubblePoint) =>
  `${point.projectname}: ${Math.round(point.r / RADIUS_SCALE)} days`;

/** The text drawn beside a bubble: what follows 'Group:' in the name, else its first 6 characters. */
export function bubbleLabel(projectname: string): string {
  const marker = projectname.indexOf('Group:');
  if (marker >= 0) return projectname.slice(marker + 'Group:'.length).trim();
  return projectname.slice(0, LABEL_CHARS);
}

export interface BarSeries {
  labels: string[];
  values: number[];
}

/** One bar per project: the average start delay rounded to days. Before data: one empty bar. */
export function barSeries(rows: readonly StatsRow[] | undefined): BarSeries {
  if (!rows) return { labels: [''], values: [0] };
  return {
    labels: rows.map((row) => row.projectname),
    values: rows.map((row) => Math.round(row.averagestartdelay)),
  };
}

interface Span {
  min: number;
  max: number;
}

/**
 * The axis limits that keep every bubble whole inside the plot: a bubble of radius `r` pixels at
 * `at` needs `r + margin` pixels of the axis on each side of it, whatever the data's range. The
 * plot is `pixels` long; the limits start from `base` and grow only as far as the bubbles need
 * (found by repeating: a wider range makes a pixel worth more data). Labels and the legend stay
 * outside the plot, so no bubble reaches them.
 */
export function roomForBubbles(
  bubbles: readonly { at: number; r: number }[],
  base: Span,
  pixels: number,
  margin = 4,
): Span {
  let span = { ...base };
  if (bubbles.length === 0 || pixels <= 0) return span;
  // Bubbles wider than half the plot cannot all fit: the range stops growing at this many times
  // its start rather than running away (drawnBubbles keeps them smaller than that).
  const limit = 20 * (base.max - base.min || 1);
  for (let round = 0; round < 50 && span.max - span.min < limit; round += 1) {
    const perPixel = (span.max - span.min || 1) / pixels;
    const next = {
      min: Math.min(base.min, ...bubbles.map((b) => b.at - (b.r + margin) * perPixel)),
      max: Math.max(base.max, ...bubbles.map((b) => b.at + (b.r + margin) * perPixel)),
    };
    const settled = Math.abs(next.min - span.min) < 1e-9 && Math.abs(next.max - span.max) < 1e-9;
    span = next;
    if (settled) break;
  }
  return span;
}

/** The largest bubble drawn, in pixels; the smallest, so that every bubble can be seen. */
export const MAX_BUBBLE_RADIUS = 30;
const MIN_BUBBLE_RADIUS = 2;

/**
 * The bubbles as drawn: when the largest radius (3 × (1 + days) pixels) would pass
 * MAX_BUBBLE_RADIUS, every radius is scaled down by the same factor, so that sizes still compare
 * and the plot still holds them; the tooltip keeps reading the days from the unscaled point.
 */
export function drawnBubbles(points: readonly BubblePoint[]): BubblePoint[] {
  const largest = Math.max(0, ...points.map((point) => point.r));
  const factor = largest > MAX_BUBBLE_RADIUS ? MAX_BUBBLE_RADIUS / largest : 1;
  return points.map((point) => ({
    ...point,
    r: Math.max(MIN_BUBBLE_RADIUS, point.r * factor),
  }));
}
