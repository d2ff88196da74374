import { expect, it } from 'vitest';
import { describeInEveryZone } from '@/test/time-zones.ts';
import {
  addDays,
  daysBetween,
  eachDay,
  formatDateTime,
  formatDay,
  formatLongDate,
  formatLongDay,
  formatShortDate,
  formatWallTime,
  instantDay,
  todayIn,
  weekdayOf,
} from './dates.ts';

describeInEveryZone('calendar days', () => {
  it('formats a cohort date as that very day', () => {
    expect(formatDay('2025-01-06')).toBe('Jan 6, 2025');
    expect(formatDay('2025-03-09')).toBe('Mar 9, 2025');
    expect(formatLongDay('2024-12-31')).toBe('December 31, 2024');
    expect(formatDay('2025-01-06', 'EEEE, MMMM d, yyyy')).toBe('Monday, January 6, 2025');
    expect(formatDay('2025-01-06', 'MMMM yyyy')).toBe('January 2025');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('knows today in Chicago at instants when other zones are on another day', () => {
    // 03:30 UTC on March 10 is still March 9 in Chicago (and already March 10 in Tokyo).
    expect(todayIn('America/Chicago', new Date('2025-03-10T03:30:00Z'))).toBe('2025-03-09');
    expect(todayIn('America/Chicago', new Date('2025-03-10T06:30:00Z'))).toBe('2025-03-10');
    expect(todayIn('Asia/Tokyo', new Date('2025-03-10T03:30:00Z'))).toBe('2025-03-10');
  });

  it('adds days across months, years and daylight-saving changes', () => {
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
    expect(addDays('2026-02-20', 14)).toBe('2026-03-06');
    expect(addDays('2025-03-08', 1)).toBe('2025-03-09');
    expect(addDays('2025-03-09', 1)).toBe('2025-03-10');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  });

  it('counts whole days between two days, across a daylight-saving change', () => {
    expect(daysBetween('2026-03-01', '2026-03-15')).toBe(14);
    expect(daysBetween('2026-10-25', '2026-11-08')).toBe(14);
    expect(daysBetween('2026-01-15', '2026-01-05')).toBe(-10);
  });

  it('lists every day of a range in order, whichever end comes first', () => {
    expect(eachDay('2025-03-10', '2025-03-08')).toEqual(['2025-03-08', '2025-03-09', '2025-03-10']);
    expect(eachDay('2025-03-08', '2025-03-08')).toEqual(['2025-03-08']);
  });

  it('knows the weekday of a day', () => {
    expect(weekdayOf('2025-01-05')).toBe(0); // a Sunday
    expect(weekdayOf('2025-01-11')).toBe(6);
  });
});

describeInEveryZone('times and instants', () => {
  it('shows wall-clock times as written, with am and pm', () => {
    expect(formatWallTime('00:30')).toBe('12:30 am');
    expect(formatWallTime('09:05')).toBe('9:05 am');
    expect(formatWallTime('12:00')).toBe('12:00 pm');
    expect(formatWallTime('23:45:00')).toBe('11:45 pm');
  });

  it('shows instants in Chicago', () => {
    // 03:00 UTC on March 4 is the evening of March 3 in Chicago.
    expect(instantDay('2025-03-04T03:00:00.000Z')).toBe('2025-03-03');
    expect(formatLongDate('2026-03-02T04:00:00.000Z')).toBe('March 1, 2026');
    expect(formatShortDate(new Date('2025-01-05T18:00:00Z'))).toBe('1/5/2025');
    expect(formatDateTime('2025-01-05T21:04:00Z')).toBe('Jan 5, 2025, 3:04 pm');
  });

  it('shows a bare calendar day given as a date as that day', () => {
    expect(formatLongDate('2025-01-06')).toBe('January 6, 2025');
  });
});
