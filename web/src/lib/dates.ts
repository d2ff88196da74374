// Dates and times, in one place. Two kinds of value come from the API:
// - calendar days, 'YYYY-MM-DD' (cohort dates, event days): counted and shown as that day,
//   never read through the browser's zone (new Date('YYYY-MM-DD') is UTC midnight, which is the
//   previous evening in Chicago). Arithmetic runs on dates pinned to UTC, which has no
//   daylight-saving gaps, so no machine zone can move a day.
// - instants, ISO timestamps (notes, history, attempts): shown in the display zone,
//   America/Chicago unless a screen says otherwise (spec §9).
// Wall-clock times 'HH:MM' are shown as '9:30 am' (the spec's upcoming-events format).

import { TZDate, tz } from '@date-fns/tz';
import { DISPLAY_TIME_ZONE } from '@lp/contract/constants';
import {
  addDays as addDaysTo,
  addMonths as addMonthsTo,
  differenceInCalendarDays,
  eachDayOfInterval,
  format,
  getDay,
  isValid,
  parseISO,
} from 'date-fns';

const DAY = 'yyyy-MM-dd';
const inUtc = { in: tz('UTC') };

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A calendar day at midnight UTC: a handle for arithmetic, never shown as an instant. */
function dayDate(day: string): TZDate {
  const [year, month, date] = day.slice(0, 10).split('-').map(Number);
  return new TZDate(year ?? 1970, (month ?? 1) - 1, date ?? 1, 'UTC');
}

const dayOf = (date: Date) => format(date, DAY, inUtc);

// One formatter per zone: a zone-aware date-fns format asks for the zone's offset several times,
// which cost the board's first render tens of milliseconds.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Today's calendar day in a zone, whatever the machine's own zone is. */
export function todayIn(timeZone: string = DISPLAY_TIME_ZONE, now: Date = new Date()): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of dayFormatter(timeZone).formatToParts(now)) parts[part.type] = part.value;
  return `${parts.year?.padStart(4, '0')}-${parts.month}-${parts.day}`;
}

/** A calendar day plus (or minus) whole days. */
export function addDays(day: string, days: number): string {
  return dayOf(addDaysTo(dayDate(day), days, inUtc));
}

/** A calendar day plus (or minus) whole months; the 31st becomes a shorter month's last day. */
export function addMonths(day: string, months: number): string {
  return dayOf(addMonthsTo(dayDate(day), months, inUtc));
}

/** Whole days from one calendar day to another; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(dayDate(to), dayDate(from), inUtc);
}

/** Every calendar day from a to b inclusive, in order, whichever comes first. */
export function eachDay(a: string, b: string): string[] {
  const [first, last] = a <= b ? [a, b] : [b, a];
  return eachDayOfInterval({ start: dayDate(first), end: dayDate(last) }, inUtc).map(dayOf);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: string): number {
  return getDay(dayDate(day), inUtc);
}

/**
 * A calendar day as text, by a date-fns pattern: 'Jan 6, 2025' by default,
 * 'MMMM yyyy' → 'January 2025', 'EEEE, MMMM d, yyyy' → 'Monday, January 6, 2025'.
 */
export function formatDay(day: string, pattern = 'MMM d, yyyy'): string {
  if (!isDay(day.slice(0, 10))) return day;
  return format(dayDate(day), pattern, inUtc);
}

/** 'January 6, 2025' */
export const formatLongDay = (day: string) => formatDay(day, 'MMMM d, yyyy');

/** '9:30 am' for a wall-clock 'HH:MM' or 'HH:MM:SS' (read as text: no zone applies). */
export function formatWallTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return format(new TZDate(2000, 0, 1, hours, minutes, 'UTC'), 'h:mm aaa', inUtc);
}

/**
 * An instant (ISO timestamp) as text in a zone, by a date-fns pattern. A bare calendar day is
 * shown as that day. Text that is neither comes back as it is.
 */
export function formatInstant(
  value: string | Date,
  pattern: string,
  timeZone: string = DISPLAY_TIME_ZONE,
): string {
  if (typeof value === 'string' && isDay(value)) return formatDay(value, pattern);
  const instant = typeof value === 'string' ? parseISO(value) : value;
  if (!isValid(instant)) return String(value);
  return format(instant, pattern, { in: tz(timeZone) });
}

/** An instant's calendar day in the display zone, 'YYYY-MM-DD'. */
export const instantDay = (value: string) => formatInstant(value, DAY);

/** 'January 5, 2025' in the display zone. */
export const formatLongDate = (value: string) => formatInstant(value, 'MMMM d, yyyy');

/** '1/5/2025' in the display zone. */
export const formatShortDate = (value: string | Date) => formatInstant(value, 'M/d/yyyy');

/** 'Jan 5, 2025, 3:04 pm' in the display zone. */
export const formatDateTime = (value: string) => formatInstant(value, 'MMM d, yyyy, h:mm aaa');
