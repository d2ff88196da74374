// The board's upcoming-events panel (spec §9): events from today to 14 days ahead, the first 5
// by time. Days and times are the event's own calendar day and wall-clock time (never shifted
// by the browser's zone); "today" is today in the display zone.
import { UPCOMING_EVENTS_DAYS, UPCOMING_EVENTS_MAX } from '@lp/contract/constants';
import { addDays, formatDay, formatWallTime } from '@/lib/dates.ts';

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

/** The machine-readable form of eventWhen: 'YYYY-MM-DD', or 'YYYY-MM-DDTHH:MM' (wall clock). */
export const eventDateTime = (event: UpcomingEventSource) =>
  isAllDay(event) ? event.date : `${event.date}T${(event.time ?? '').slice(0, 5)}`;

/** '{Mon D} at {h:mm am|pm}', or '{Mon D}, all day'. */
export function eventWhen(event: UpcomingEventSource): string {
  const date = formatDay(event.date, 'MMM d');
  if (isAllDay(event)) return `${date}, all day`;
  return `${date} at ${formatWallTime(event.time ?? '')}`;
}
