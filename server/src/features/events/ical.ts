import { zoneOffsetMinutes } from '../../lib/wall-clock.ts';

// RFC 5545 text for a cohort calendar: timed events carry their zone (TZID + VTIMEZONE), all-day
// events are DATE values, so calendar apps show them on the right day anywhere.

export interface FeedEvent {
  id: number;
  name: string;
  description: string;
  category: string;
  date: string;
  /** 'HH:MM:SS' or null for all day. */
  time: string | null;
  timeZone: string;
  updatedAt: Date;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const escapeText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds a content line at 75 octets, never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compactDate = (date: string) => date.replaceAll('-', '');
const utcStamp = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

function offsetText(minutes: number) {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

function zoneAbbreviation(zone: string, instant: Date) {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? zone
  );
}

/** The instants in [from, to) where the zone's offset changes, found to the minute. */
function transitions(zone: string, from: number, to: number) {
  const found: Array<{ at: number; before: number; after: number }> = [];
  let previous = zoneOffsetMinutes(zone, new Date(from));
  for (let day = from + DAY_MS; day <= to; day += DAY_MS) {
    const offset = zoneOffsetMinutes(zone, new Date(day));
    if (offset === previous) continue;
    let low = day - DAY_MS;
    let high = day;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (zoneOffsetMinutes(zone, new Date(middle)) === previous) low = middle;
      else high = middle;
    }
    found.push({ at: high, before: previous, after: offset });
    previous = offset;
  }
  return found;
}

/** A VTIMEZONE with every offset change of the zone over the years the events span. */
function vtimezone(zone: string, firstYear: number, lastYear: number): string[] {
  const from = Date.UTC(firstYear, 0, 1);
  const to = Date.UTC(lastYear + 1, 0, 1);
  const changes = transitions(zone, from, to);
  const initial = zoneOffsetMinutes(zone, new Date(from));
  const standard = Math.min(initial, ...changes.map((change) => change.after));
  const observance = (at: number, before: number, after: number) => {
    const kind = after > standard ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART is the local time of the change, read on the clock before it.
    const local = new Date(at + before * 60_000).toISOString().slice(0, 19).replace(/[-:]/g, '');
    return [
      `BEGIN:${kind}`,
      `DTSTART:${local}`,
      `TZOFFSETFROM:${offsetText(before)}`,
      `TZOFFSETTO:${offsetText(after)}`,
      `TZNAME:${escapeText(zoneAbbreviation(zone, new Date(at)))}`,
      `END:${kind}`,
    ];
  };
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    ...observance(from, initial, initial),
    ...changes.flatMap((change) => observance(change.at, change.before, change.after)),
    'END:VTIMEZONE',
  ];
}

export function buildCalendar(options: {
  name: string;
  host: string;
  timeZone: string;
  events: FeedEvent[];
  now?: Date;
}): string {
  const zones = new Map<string, { first: number; last: number }>();
  zones.set(options.timeZone, { first: Number.POSITIVE_INFINITY, last: 0 });
  for (const event of options.events) {
    if (event.time === null) continue;
    const year = Number(event.date.slice(0, 4));
    const span = zones.get(event.timeZone) ?? { first: year, last: year };
    zones.set(event.timeZone, {
      first: Math.min(span.first, year),
      last: Math.max(span.last, year),
    });
  }
  const thisYear = (options.now ?? new Date()).getUTCFullYear();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Learning Platform//Cohort Calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(options.name)}`,
    `X-WR-TIMEZONE:${options.timeZone}`,
  ];
  for (const [zone, span] of zones) {
    const first = Number.isFinite(span.first) ? span.first : thisYear;
    lines.push(...vtimezone(zone, first, Math.max(span.last, first)));
  }
  for (const event of options.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:event-${event.id}@${options.host}`,
      `DTSTAMP:${utcStamp(event.updatedAt)}`,
    );
    if (event.time === null) {
      lines.push(
        `DTSTART;VALUE=DATE:${compactDate(event.date)}`,
        `DTEND;VALUE=DATE:${compactDate(nextDay(event.date))}`,
      );
    } else {
      const local = `${compactDate(event.date)}T${event.time.replaceAll(':', '').slice(0, 6)}`;
      // Events have no stated length: an hour is what calendar apps show sensibly.
      lines.push(`DTSTART;TZID=${event.timeZone}:${local}`, 'DURATION:PT1H');
    }
    lines.push(
      `SUMMARY:${escapeText(event.name)}`,
      `CATEGORIES:${escapeText(event.category)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
