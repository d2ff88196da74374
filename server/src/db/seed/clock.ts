/**
 * Calendar arithmetic for the seed. Dates are relative to today in the cohorts' zone, so the demo
 * cohorts are always in progress; days are whole-day offsets from today.
 */
import { addDays, differenceInCalendarDays, getDay, lastDayOfMonth, subDays } from 'date-fns';
import { addCalendarDays, dayIn, todayIn, wallClockIn } from '../../lib/dates.ts';

export const ZONE = 'America/Chicago';

export interface Clock {
  now: Date;
  /** 'YYYY-MM-DD' of today + offset days. */
  day(offset: number): string;
  dayOfWeek(offset: number): number;
  /** The offset moved forward to a weekday (Saturday and Sunday move to Monday). */
  weekday(offset: number): number;
  /** The offset moved back to the Monday of its week. */
  monday(offset: number): number;
  /** An instant: wall-clock hour:minute in America/Chicago on today + offset, never after now. */
  at(offset: number, hour: number, minute?: number): Date;
}

export function createClock(now: Date): Clock {
  const today = todayIn(ZONE, now);
  const day = (offset: number) => addCalendarDays(today, offset);
  const dayOfWeek = (offset: number) => getDay(dayIn(day(offset)));
  return {
    now,
    day,
    dayOfWeek,
    weekday: (offset) => offset + ({ 0: 1, 6: 2 }[dayOfWeek(offset)] ?? 0),
    monday: (offset) => offset - ((dayOfWeek(offset) + 6) % 7),
    at: (offset, hour, minute = 0) => {
      const instant = wallClockIn(ZONE, day(offset), `${hour}:${minute}`).getTime();
      return new Date(Math.min(instant, now.getTime() - 60_000));
    },
  };
}

/** The first day of a month (0-based), at UTC midnight. */
const firstOfMonth = (year: number, month: number) =>
  dayIn(`${year}-${String(month + 1).padStart(2, '0')}-01`);

/** The n-th `weekday` (0 = Sunday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  const first = firstOfMonth(year, month);
  return addDays(first, ((weekday - getDay(first) + 7) % 7) + (n - 1) * 7);
}

function lastWeekday(year: number, month: number, weekday: number): Date {
  const last = lastDayOfMonth(firstOfMonth(year, month));
  return subDays(last, (getDay(last) - weekday + 7) % 7);
}

// A fixed-date holiday on a weekend is observed on the nearest weekday.
function observed(year: number, month: number, date: number): Date {
  const day = addDays(firstOfMonth(year, month), date - 1);
  const weekday = getDay(day);
  return weekday === 6 ? subDays(day, 1) : weekday === 0 ? addDays(day, 1) : day;
}

const holidaysOf = (year: number): [string, Date][] => [
  ["New Year's Day", observed(year, 0, 1)],
  ['Martin Luther King Jr. Day', nthWeekday(year, 0, 1, 3)],
  ["Presidents' Day", nthWeekday(year, 1, 1, 3)],
  ['Memorial Day', lastWeekday(year, 4, 1)],
  ['Juneteenth', observed(year, 5, 19)],
  ['Independence Day', observed(year, 6, 4)],
  ['Labor Day', nthWeekday(year, 8, 1, 1)],
  ['Thanksgiving', nthWeekday(year, 10, 4, 4)],
  ['Christmas Day', observed(year, 11, 25)],
];

/** The first US holiday on or after today + fromOffset, as a name and a day offset. */
export function nextHoliday(clock: Clock, fromOffset: number): { name: string; offset: number } {
  const from = dayIn(clock.day(fromOffset));
  const year = from.getFullYear();
  const upcoming = [...holidaysOf(year), ...holidaysOf(year + 1)]
    .filter(([, date]) => date >= from)
    .sort((a, b) => a[1].getTime() - b[1].getTime());
  const [name, date] = upcoming[0] ?? ['Holiday', from];
  return { name, offset: fromOffset + differenceInCalendarDays(date, from) };
}
