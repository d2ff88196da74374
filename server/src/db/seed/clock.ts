/**
 * Calendar arithmetic for the seed. Dates are relative to today in the cohorts' zone, so the demo
 * cohorts are always in progress; days are whole-day offsets from today.
 */
export const ZONE = 'America/Chicago';
const DAY_MS = 86_400_000;

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

function zoneOffsetMinutes(instant: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

export function createClock(now: Date): Clock {
  const todayText = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const todayUtc = Date.parse(`${todayText}T00:00:00Z`);
  const dayOfWeek = (offset: number) => new Date(todayUtc + offset * DAY_MS).getUTCDay();
  return {
    now,
    day: (offset) => new Date(todayUtc + offset * DAY_MS).toISOString().slice(0, 10),
    dayOfWeek,
    weekday: (offset) => offset + ({ 0: 1, 6: 2 }[dayOfWeek(offset)] ?? 0),
    monday: (offset) => offset - ((dayOfWeek(offset) + 6) % 7),
    at: (offset, hour, minute = 0) => {
      const wall = todayUtc + offset * DAY_MS + (hour * 60 + minute) * 60_000;
      const instant = wall - zoneOffsetMinutes(new Date(wall)) * 60_000;
      return new Date(Math.min(instant, now.getTime() - 60_000));
    },
  };
}

function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return Date.UTC(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
}

function lastWeekday(year: number, month: number, weekday: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7));
}

// A fixed-date holiday on a weekend is observed on the nearest weekday.
function observed(time: number): number {
  const weekday = new Date(time).getUTCDay();
  return time + (weekday === 6 ? -DAY_MS : weekday === 0 ? DAY_MS : 0);
}

const holidaysOf = (year: number): [string, number][] => [
  ["New Year's Day", observed(Date.UTC(year, 0, 1))],
  ['Martin Luther King Jr. Day', nthWeekday(year, 0, 1, 3)],
  ["Presidents' Day", nthWeekday(year, 1, 1, 3)],
  ['Memorial Day', lastWeekday(year, 4, 1)],
  ['Juneteenth', observed(Date.UTC(year, 5, 19))],
  ['Independence Day', observed(Date.UTC(year, 6, 4))],
  ['Labor Day', nthWeekday(year, 8, 1, 1)],
  ['Thanksgiving', nthWeekday(year, 10, 4, 4)],
  ['Christmas Day', observed(Date.UTC(year, 11, 25))],
];

/** The first US holiday on or after today + fromOffset, as a name and a day offset. */
export function nextHoliday(clock: Clock, fromOffset: number): { name: string; offset: number } {
  const from = Date.parse(`${clock.day(fromOffset)}T00:00:00Z`);
  const year = new Date(from).getUTCFullYear();
  const upcoming = [...holidaysOf(year), ...holidaysOf(year + 1)]
    .filter(([, time]) => time >= from)
    .sort((a, b) => a[1] - b[1]);
  const [name, time] = upcoming[0] ?? ['Holiday', from];
  return { name, offset: fromOffset + Math.round((time - from) / DAY_MS) };
}
