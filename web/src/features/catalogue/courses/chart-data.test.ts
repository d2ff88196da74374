import { describe, expect, it } from 'vitest';
import { barSeries, bubbleLabel, bubblePoints, bubbleTooltip } from './chart-data.ts';

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
