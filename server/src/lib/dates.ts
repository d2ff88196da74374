// Dates and times on the server, in one place. Instants are Dates (timestamptz in the database)
// and every API answer writes them one way; calendar days ('YYYY-MM-DD') and wall-clock times
// ('HH:MM[:SS]') are plain values, never shifted by the server's own offset. Arithmetic in a zone
// goes through @date-fns/tz, so the server's TZ never matters.
import { TZDate } from '@date-fns/tz';
import { addDays, format, isMatch } from 'date-fns';
import { sql } from 'kysely';

/** The zone the product shows calendar days in (creation days, "since" filters). */
export const DISPLAY_TIME_ZONE = 'America/Chicago';

/** How every API answer writes an instant: ISO 8601 in UTC with milliseconds. */
export const isoTimestamp = (instant: Date) => instant.toISOString();

/** Postgres' `to_char` pattern for the same text as `isoTimestamp`. */
const ISO_TIMESTAMP_PATTERN = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** A timestamptz column written as `isoTimestamp` writes it, for JSON built in SQL. */
export const isoTimestampSql = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', ${sql.raw(ISO_TIMESTAMP_PATTERN)})`;

/** The same, as SQL text, for statements kept as reviewed text (the board). */
export const isoTimestampText = (column: string) =>
  `to_char(${column} at time zone 'UTC', ${ISO_TIMESTAMP_PATTERN})`;

/** The calendar day ('YYYY-MM-DD') of a timestamptz column in the display time zone. */
export const calendarDaySql = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone ${sql.lit(DISPLAY_TIME_ZONE)}, 'YYYY-MM-DD')`;

/** True for a real 'YYYY-MM-DD' day (2025-02-30 is not); schemas use the 'date' format. */
export const isCalendarDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && isMatch(value, 'yyyy-MM-dd');

/** True for an 'HH:MM' or 'HH:MM:SS' time of day: the schemas' 'wall-time' format. */
export const isWallTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value);

/** True for an IANA zone name the runtime knows, such as 'America/Chicago': 'time-zone'. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The formats the schemas name beyond the standard ones, for the server's validator. */
export const scheduleFormats = { 'wall-time': isWallTime, 'time-zone': isTimeZone };

/** A calendar day as a Date at its midnight in `zone` (UTC by default), for date-fns. */
export const dayIn = (date: string, zone = 'UTC') => wallClockIn(zone, date, '00:00');

/** 'YYYY-MM-DD' of a Date in its own zone (a TZDate) or in UTC. */
export const dayText = (date: Date) =>
  format(date instanceof TZDate ? date : new TZDate(date, 'UTC'), 'yyyy-MM-dd');

/** The calendar day `days` after (or before) `date`. */
export const addCalendarDays = (date: string, days: number) => dayText(addDays(dayIn(date), days));

/** A day of 24 hours, for elapsed times counted in whole days. */
export const DAY_MS = 86_400_000;

/** Whole days from one calendar day to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((dayIn(to).getTime() - dayIn(from).getTime()) / DAY_MS);

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** Each zone's day in the minute it was worked out (from its start, until the next one's). */
const days = new Map<string, { day: string; from: number; until: number }>();
const MINUTE_MS = 60_000;

/**
 * Today's calendar day in a zone, as PostgreSQL's `(now() at time zone z)::date`. Zone offsets
 * are whole minutes, so a zone's day can only change as a minute starts: the board asks on every
 * read (a 304 too), and the day is worked out once a minute per zone, never answered late.
 */
export function todayIn(zone: string, now: Date | number = Date.now()): string {
  const at = typeof now === 'number' ? now : now.getTime();
  const kept = days.get(zone);
  if (kept && at >= kept.from && at < kept.until) return kept.day;
  let format = dayFormats.get(zone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(zone, format);
  }
  const day = format.format(at);
  const from = at - (at % MINUTE_MS);
  days.set(zone, { day, from, until: from + MINUTE_MS });
  return day;
}

/**
 * The instant of a wall-clock day and time in a zone. A time that the zone skips (a spring-forward
 * gap) moves forward by the gap, as calendar apps read it.
 */
export function wallClockIn(zone: string, date: string, time: string): TZDate {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0, second = 0] = time.split(':').map(Number);
  return new TZDate(year, month - 1, day, hour, minute, second, zone);
}
