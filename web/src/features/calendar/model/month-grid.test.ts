import { expect, it } from 'vitest';
import { describeInEveryZone } from '@/test/time-zones.ts';
import { buildMonthBlocks, dayAfterKey, weeksOf } from './month-grid.ts';

describeInEveryZone('month grid', () => {
  it('starts at the cohort start date and stops at its end date, one block per month', () => {
    // Wed Jan 15 2025 → Mon Mar 3 2025.
    const blocks = buildMonthBlocks('2025-01-15', '2025-03-03');
    expect(blocks.map((block) => block.label)).toEqual([
      'January 2025',
      'February 2025',
      'March 2025',
    ]);
    const [january, february, march] = blocks;
    expect(january?.days[0]).toEqual({ date: '2025-01-15', dayOfMonth: 15 });
    expect(january?.days).toHaveLength(17);
    expect(february?.days).toHaveLength(28);
    expect(march?.days.map((day) => day.date)).toEqual(['2025-03-01', '2025-03-02', '2025-03-03']);
  });

  it('pads the first week with the weekday of the block’s first day and closes every week but the last', () => {
    const [january, february, march] = buildMonthBlocks('2025-01-15', '2025-03-03');
    expect(january?.leadingBlanks).toBe(3); // Wednesday
    expect(january?.trailingBlanks).toBe(6 - 5); // Jan 31 is a Friday
    expect(february?.leadingBlanks).toBe(6); // Feb 1 is a Saturday
    expect(february?.trailingBlanks).toBe(6 - 5); // Feb 28 is a Friday
    expect(march?.leadingBlanks).toBe(6); // Mar 1 is a Saturday
    expect(march?.trailingBlanks).toBe(0);
    for (const block of [january, february]) {
      const cells =
        (block?.leadingBlanks ?? 0) + (block?.days.length ?? 0) + (block?.trailingBlanks ?? 0);
      expect(cells % 7).toBe(0);
    }
  });

  it('keeps every day across daylight-saving changes and leap days', () => {
    const spring = buildMonthBlocks('2024-02-27', '2024-03-12');
    const days = spring.flatMap((block) => block.days.map((day) => day.date));
    expect(days).toContain('2024-02-29');
    expect(days).toContain('2024-03-10'); // US clocks spring forward
    expect(days).toHaveLength(15);
    expect(new Set(days).size).toBe(15);
    const autumn = buildMonthBlocks('2025-10-30', '2025-11-04');
    expect(autumn.flatMap((block) => block.days.map((day) => day.date))).toEqual([
      '2025-10-30',
      '2025-10-31',
      '2025-11-01',
      '2025-11-02',
      '2025-11-03',
      '2025-11-04',
    ]);
  });

  it('answers nothing for a missing or backwards range and one day for a one-day cohort', () => {
    expect(buildMonthBlocks('', '2025-01-01')).toEqual([]);
    expect(buildMonthBlocks('2025-02-01', '2025-01-01')).toEqual([]);
    const [single] = buildMonthBlocks('2025-06-01', '2025-06-01');
    expect(single).toMatchObject({ label: 'June 2025', leadingBlanks: 0, trailingBlanks: 0 });
    expect(single?.days).toEqual([{ date: '2025-06-01', dayOfMonth: 1 }]);
  });

  it('lays a block out in weeks of seven cells, blanks included', () => {
    const [january] = buildMonthBlocks('2025-01-15', '2025-03-03');
    const weeks = weeksOf(january!);
    expect(weeks.every((week) => week.cells.length === 7)).toBe(true);
    expect(weeks[0]?.cells.map((cell) => cell.day?.dayOfMonth ?? null)).toEqual([
      null,
      null,
      null,
      15,
      16,
      17,
      18,
    ]);
    expect(weeks.at(-1)?.cells.map((cell) => cell.day?.dayOfMonth ?? null)).toEqual([
      26,
      27,
      28,
      29,
      30,
      31,
      null,
    ]);
  });

  it('moves by a day, a week, to the week’s ends and by a month, within the cohort’s dates', () => {
    const within = (day: string, key: string) => dayAfterKey(day, key, '2025-01-15', '2025-03-03');
    expect(within('2025-01-31', 'ArrowRight')).toBe('2025-02-01');
    expect(within('2025-02-01', 'ArrowLeft')).toBe('2025-01-31');
    expect(within('2025-01-29', 'ArrowDown')).toBe('2025-02-05');
    expect(within('2025-02-05', 'ArrowUp')).toBe('2025-01-29');
    expect(within('2025-01-29', 'Home')).toBe('2025-01-26'); // Sunday
    expect(within('2025-01-29', 'End')).toBe('2025-02-01'); // Saturday
    expect(within('2025-01-31', 'PageDown')).toBe('2025-02-28');
    expect(within('2025-02-20', 'PageUp')).toBe('2025-01-20');
    expect(within('2025-01-16', 'ArrowUp')).toBe('2025-01-15');
    expect(within('2025-02-20', 'PageDown')).toBe('2025-03-03');
    expect(within('2025-02-20', 'Enter')).toBeNull();
  });
});
