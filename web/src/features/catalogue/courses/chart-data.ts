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
