import { describe, expect, it } from 'vitest';
import {
  barSeries,
  bubbleLabel,
  bubblePoints,
  bubbleTooltip,
  drawnBubbles,
  MAX_BUBBLE_RADIUS,
  roomForBubbles,
} from './chart-data.ts';

const rows = [
  { projectname: 'Kennels', averagestartdelay: 2 },
  { projectname: 'Group: Honey Rae', averagestartdelay: 7.5 },
  { projectname: 'Kandy Korner', averagestartdelay: 4 },
];

describe('bubble chart rules', () => {
  it('places bubble i at x = 2(i+1) and y = its average start delay', () => {
    const points = bubblePoints(rows);
    expect(points.map((p) => p.x)).toEqual([2, 4, 6]);
    expect(points.map((p) => p.y)).toEqual([2, 7.5, 4]);
  });

  it('sizes a bubble 3 × (1 + the absolute gap to the next row), the last one 3', () => {
    const points = bubblePoints(rows);
    expect(points[0]!.r).toBe(3 * (1 + 5.5));
    expect(points[1]!.r).toBe(3 * (1 + 3.5)); // |4 - 7.5|: a drop counts as much as a rise
    expect(points[2]!.r).toBe(3);
  });

  it('gives a single project radius 3 and no rows no bubbles', () => {
    expect(bubblePoints([{ projectname: 'Solo', averagestartdelay: 12 }])).toEqual([
      { x: 2, y: 12, r: 3, projectname: 'Solo' },
    ]);
    expect(bubblePoints([])).toEqual([]);
  });

  it('labels the tooltip with the project name and the rounded radius/3 in days', () => {
    const points = bubblePoints(rows);
    expect(bubbleTooltip(points[0]!)).toBe('Kennels: 7 days'); // 1 + 5.5 = 6.5 → 7
    expect(bubbleTooltip(points[1]!)).toBe('Group: Honey Rae: 5 days'); // 4.5 → 5
    expect(bubbleTooltip(points[2]!)).toBe('Kandy Korner: 1 days');
  });

  it("shows the text after 'Group:' as the data label, else the first 6 characters", () => {
    expect(bubbleLabel('Group: Honey Rae')).toBe('Honey Rae');
    expect(bubbleLabel('Group:Nashville Kennels')).toBe('Nashville Kennels');
    expect(bubbleLabel('Kandy Korner')).toBe('Kandy ');
    expect(bubbleLabel('Pets')).toBe('Pets');
    expect(bubbleLabel('group: lower case')).toBe('group:');
  });
});

describe('bar chart rules', () => {
  it('has one bar per project with the delay rounded to days', () => {
    expect(barSeries(rows)).toEqual({
      labels: ['Kennels', 'Group: Honey Rae', 'Kandy Korner'],
      values: [2, 8, 4],
    });
  });

  it('shows one empty bar of 0 before the data arrives', () => {
    expect(barSeries(undefined)).toEqual({ labels: [''], values: [0] });
  });
});

describe('room for the bubbles', () => {
  /** How many pixels lie between a bubble's edge and each end of the axis, given the limits. */
  const clearance = (span: { min: number; max: number }, at: number, r: number, pixels: number) => {
    const perUnit = pixels / (span.max - span.min);
    return [(at - span.min) * perUnit - r, (span.max - at) * perUnit - r];
  };

  it('grows the limits just enough for every bubble to sit whole inside the plot', () => {
    const bubbles = [
      { at: 0, r: 30 },
      { at: 9, r: 12 },
      { at: 70, r: 3 },
    ];
    const span = roomForBubbles(bubbles, { min: 0, max: 70 }, 200);
    expect(span.min).toBeLessThan(0);
    for (const { at, r } of bubbles)
      for (const room of clearance(span, at, r, 200)) expect(room).toBeGreaterThanOrEqual(4 - 1e-6);
    // The tightest bubble touches its margin: no more room is taken than needed.
    expect(Math.min(...clearance(span, 0, 30, 200))).toBeCloseTo(4, 6);
  });

  it('keeps the limits it is given when the bubbles fit, and with no bubbles', () => {
    expect(roomForBubbles([{ at: 5, r: 3 }], { min: 0, max: 10 }, 400)).toEqual({
      min: 0,
      max: 10,
    });
    expect(roomForBubbles([], { min: 0, max: 10 }, 400)).toEqual({ min: 0, max: 10 });
  });
});

describe('bubbles as drawn', () => {
  it('scales every radius alike when the largest would pass the limit, keeping a visible least', () => {
    const points = bubblePoints([
      { projectname: 'A', averagestartdelay: 0 },
      { projectname: 'B', averagestartdelay: 59 },
      { projectname: 'C', averagestartdelay: 60 },
    ]);
    expect(points.map((p) => p.r)).toEqual([180, 6, 3]);
    expect(drawnBubbles(points).map((p) => p.r)).toEqual([MAX_BUBBLE_RADIUS, 2, 2]);
    // The days a tooltip tells stay those of the unscaled point.
    expect(bubbleTooltip(points[0]!)).toBe('A: 60 days');
  });

  it('draws bubbles that fit as they are', () => {
    const points = bubblePoints(rows);
    expect(drawnBubbles(points)).toEqual(points);
  });

  it('stops growing the limits when the bubbles are too big for the plot', () => {
    const span = roomForBubbles([{ at: 5, r: 300 }], { min: 0, max: 10 }, 100);
    expect(span.max - span.min).toBeLessThan(10 * 20 * 3);
  });
});
