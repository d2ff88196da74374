// The board's upcoming-events panel (spec §9): events from today to 14 days ahead, the first 5
// by time. Days and times are the event's own calendar day and wall-clock time (never shifted
// by the browser's zone); "today" is today in the display zone.
import {
  DISPLAY_TIME_ZONE,
  UPCOMING_EVENTS_DAYS,
  UPCOMING_EVENTS_MAX,
} from '@lp/contract/constants';

export interface UpcomingEventSource {
  id: number;
  event_name: string;
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:MM' or 'HH:MM:SS'; null for an all-day event. */
  time: string | null;
  all_day?: boolean;
  description?: string;
  event_type: { description: string; color: string };
}

/** Today's calendar day in a time zone, 'YYYY-MM-DD'. */
export function todayIn(timeZone: string = DISPLAY_TIME_ZONE, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A calendar day plus whole days, 'YYYY-MM-DD' (pure calendar arithmetic). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const utc = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1) + days * 86_400_000);
  return utc.toISOString().slice(0, 10);
}

const isAllDay = (event: UpcomingEventSource) => event.all_day === true || !event.time;

export function upcomingEvents<T extends UpcomingEventSource>(
  events: readonly T[],
  today: string,
): T[] {
  const last = addDays(today, UPCOMING_EVENTS_DAYS);
  const sortKey = (event: T) =>
    `${event.date} ${isAllDay(event) ? '00:00:00' : (event.time ?? '').padEnd(8, ':00')}`;
  return events
    .filter((event) => event.date >= today && event.date <= last)
    .sort((a, b) => sortKey(a).localeCompare(sortKey(b)) || a.id - b.id)
    .slice(0, UPCOMING_EVENTS_MAX);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '{Mon D} at {h:mm am|pm}', or '{Mon D}, all day'. */
export function eventWhen(event: UpcomingEventSource): string {
  const [, month, day] = event.date.split('-').map(Number);
  const date = `${MONTHS[(month ?? 1) - 1]} ${day}`;
  if (isAllDay(event)) return `${date}, all day`;
  const [hours = 0, minutes = 0] = (event.time ?? '').split(':').map(Number);
  const suffix = hours >= 12 ? 'pm' : 'am';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${date} at ${hour12}:${String(minutes).padStart(2, '0')} ${suffix}`;
}
