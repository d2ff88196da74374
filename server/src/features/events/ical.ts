import { tzName, tzOffset, tzScan } from '@date-fns/tz';
import { addDays, addHours } from 'date-fns';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { wallClockIn } from '../../lib/dates.ts';

// A cohort calendar as iCalendar (RFC 5545), written by ical-generator: timed events carry their
// zone (TZID + VTIMEZONE), all-day events are DATE values, so calendar apps show them on the
// right day anywhere.

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

const offsetText = (minutes: number) => {
  const abs = Math.abs(minutes);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
  return `${minutes < 0 ? '-' : '+'}${hhmm}`;
};

/** The local time on the clock before a change, as a VTIMEZONE observance's DTSTART. */
const localBefore = (at: Date, offsetBefore: number) =>
  new Date(at.getTime() + offsetBefore * 60_000).toISOString().slice(0, 19).replace(/[-:]/g, '');

/**
 * A VTIMEZONE with every offset change of the zone over the years the events span, from the
 * runtime's time-zone database. Written here because ical-generator leaves VTIMEZONE to a
 * generator, and the packaged ones ship a fixed copy of the rules (the current year's, for every
 * year); this one agrees with every other date the server computes.
 */
function vtimezone(zone: string, firstYear: number, lastYear: number): string {
  const start = new Date(Date.UTC(firstYear, 0, 1));
  const changes = tzScan(zone, { start, end: new Date(Date.UTC(lastYear + 1, 0, 1)) });
  const initial = tzOffset(zone, start);
  const standard = Math.min(initial, ...changes.map((change) => change.offset));
  const observance = (at: Date, before: number, after: number) => {
    const kind = after > standard ? 'DAYLIGHT' : 'STANDARD';
    return [
      `BEGIN:${kind}`,
      `DTSTART:${localBefore(at, before)}`,
      `TZOFFSETFROM:${offsetText(before)}`,
      `TZOFFSETTO:${offsetText(after)}`,
      `TZNAME:${tzName(zone, at, 'short')}`,
      `END:${kind}`,
    ];
  };
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    ...observance(start, initial, initial),
    ...changes.flatMap(({ date, change, offset }) => observance(date, offset - change, offset)),
    'END:VTIMEZONE',
  ].join('\r\n');
}

export function buildCalendar(options: {
  name: string;
  host: string;
  timeZone: string;
  events: FeedEvent[];
  now?: Date;
}): string {
  const thisYear = (options.now ?? new Date()).getUTCFullYear();
  const years = new Map<string, { first: number; last: number }>();
  for (const event of options.events) {
    const year = Number(event.date.slice(0, 4));
    const span = years.get(event.timeZone) ?? { first: year, last: year };
    years.set(event.timeZone, {
      first: Math.min(span.first, year),
      last: Math.max(span.last, year),
    });
  }
  const calendar = ical({
    name: options.name,
    prodId: { company: 'Learning Platform', product: 'Cohort Calendar', language: 'EN' },
    scale: 'GREGORIAN',
    method: ICalCalendarMethod.PUBLISH,
    // No calendar-wide zone: stamps stay in UTC and each event names its own zone.
    timezone: {
      name: null,
      generator: (zone) => {
        const span = years.get(zone) ?? { first: thisYear, last: thisYear };
        return vtimezone(zone, span.first, span.last);
      },
    },
    x: { 'X-WR-TIMEZONE': options.timeZone },
  });
  for (const event of options.events) {
    const start = wallClockIn(event.timeZone, event.date, event.time ?? '00:00');
    calendar.createEvent({
      id: `event-${event.id}@${options.host}`,
      stamp: event.updatedAt,
      timezone: event.timeZone,
      allDay: event.time === null,
      start,
      // Events have no stated length: an hour is what calendar apps show sensibly.
      end: event.time === null ? addDays(start, 1) : addHours(start, 1),
      summary: event.name,
      categories: [{ name: event.category }],
      description: event.description || null,
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one too; ical-generator leaves it off.
  return `${calendar.toString()}\r\n`;
}
