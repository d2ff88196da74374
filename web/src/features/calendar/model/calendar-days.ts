// Calendar days as 'YYYY-MM-DD' strings. Arithmetic happens on UTC dates, which have no
// daylight-saving gaps, so the machine's time zone never moves a day. Display goes through
// Intl with an explicit zone (America/Chicago by default, spec §9).
import { DISPLAY_TIME_ZONE } from '@lp/contract/constants';

const DAY_MS = 86_400_000;

function parts(day: string): [number, number, number] {
  const [year, month, date] = day.split('-').map(Number);
  return [year ?? 1970, month ?? 1, date ?? 1];
}

/** Midnight UTC of a calendar day: a stable handle, never shown as an instant. */
export function utcOf(day: string): number {
  const [year, month, date] = parts(day);
  return Date.UTC(year, month - 1, date);
}

export function dayFromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayFromUtc(utcOf(day) + days * DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: string): number {
  return new Date(utcOf(day)).getUTCDay();
}

/** Every day from a to b inclusive, in order, whichever comes first. */
export function daysBetween(a: string, b: string): string[] {
  const [first, last] = a <= b ? [a, b] : [b, a];
  const days: string[] = [];
  for (let ms = utcOf(first); ms <= utcOf(last); ms += DAY_MS) days.push(dayFromUtc(ms));
  return days;
}

/** Today's calendar day in a zone, whatever the machine's own zone is. */
export function todayIn(timeZone: string = DISPLAY_TIME_ZONE, now: Date = new Date()): string {
  const found = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => found.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * Formats a calendar day in the display zone. The day is taken at noon UTC, which is the same
 * calendar day in every zone from UTC-11 to UTC+11, so Chicago shows the day itself.
 */
export function formatDay(
  day: string,
  options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' },
  timeZone: string = DISPLAY_TIME_ZONE,
): string {
  return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(
    new Date(utcOf(day) + DAY_MS / 2),
  );
}

/** 'January 6, 2025' */
export const formatLongDay = (day: string) =>
  formatDay(day, { month: 'long', day: 'numeric', year: 'numeric' });

/** '9:30 AM' for a wall-clock 'HH:MM'. */
export function formatWallTime(time: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  const h = hours ?? 0;
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(minutes ?? 0).padStart(2, '0')} ${suffix}`;
}
