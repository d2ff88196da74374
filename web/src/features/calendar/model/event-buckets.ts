// Events bucketed by the calendar day they happen on, in their own zone's wall clock: an event
// on Jan 6 at 00:30 in Chicago is on Jan 6 for everyone, whatever the browser's offset.
import { DISPLAY_TIME_ZONE } from '@lp/contract/constants';
import type { CohortEvent } from '@lp/contract/events';

export interface CalendarDayEvent {
  id: number;
  name: string;
  /** 'HH:MM' or null for all day. */
  time: string | null;
  timeZone: string;
  description: string;
  color: string;
  typeId: number;
  typeName: string;
}

type EventSource = Pick<CohortEvent, 'id' | 'event_name' | 'event_datetime' | 'event_type'> &
  Partial<Pick<CohortEvent, 'date' | 'time' | 'time_zone' | 'description' | 'all_day'>>;

/**
 * The wall-clock day and time of an event. `date`/`time` when the API sends them; otherwise the
 * digits of `event_datetime`, which is local time written as UTC (spec §9) — read as text,
 * never through `new Date`, so no offset is applied.
 */
export function wallClockOf(event: EventSource): { date: string; time: string | null } {
  if (event.date) return { date: event.date, time: event.time ? event.time.slice(0, 5) : null };
  const date = event.event_datetime.slice(0, 10);
  const time = event.event_datetime.slice(11, 16);
  return { date, time: !time || time === '00:00' ? null : time };
}

/** Day → that day's events, all-day events first, then by time. */
export function bucketEvents(
  events: readonly EventSource[],
  displayZone = DISPLAY_TIME_ZONE,
): Map<string, CalendarDayEvent[]> {
  const buckets = new Map<string, CalendarDayEvent[]>();
  for (const event of events) {
    const { date, time } = wallClockOf(event);
    const list = buckets.get(date) ?? [];
    list.push({
      id: event.id,
      name: event.event_name,
      time,
      timeZone: event.time_zone ?? displayZone,
      description: event.description ?? '',
      color: event.event_type.color,
      typeId: event.event_type.id,
      typeName: event.event_type.description,
    });
    buckets.set(date, list);
  }
  for (const list of buckets.values()) {
    list.sort((a, b) => (a.time ?? '').localeCompare(b.time ?? '') || a.id - b.id);
  }
  return buckets;
}
