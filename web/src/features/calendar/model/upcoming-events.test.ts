import { describe, expect, it } from 'vitest';
import {
  eventDateTime,
  eventWhen,
  type UpcomingEventSource,
  upcomingEvents,
} from './upcoming-events.ts';

let nextId = 1;
const event = (
  date: string,
  time: string | null,
  name = `Event ${nextId}`,
): UpcomingEventSource => ({
  id: nextId++,
  event_name: name,
  date,
  time,
  all_day: time === null,
  event_type: { description: 'Lecture', color: '#fce4ec' },
});

describe('upcoming events', () => {
  it('keeps events from today to 14 days ahead', () => {
    const events = [
      event('2026-03-09', '10:00', 'yesterday'),
      event('2026-03-10', null, 'today all day'),
      event('2026-03-24', '23:30', 'day 14'),
      event('2026-03-25', '08:00', 'day 15'),
    ];
    expect(upcomingEvents(events, '2026-03-10').map((e) => e.event_name)).toEqual([
      'today all day',
      'day 14',
    ]);
  });

  it('takes the first 5 by time, whatever order the server sends', () => {
    const events = [
      event('2026-03-20', '09:00', 'f'),
      event('2026-03-12', '13:00', 'c'),
      event('2026-03-11', '09:00', 'a'),
      event('2026-03-12', '09:30', 'b'),
      event('2026-03-18', null, 'e'),
      event('2026-03-21', '09:00', 'g'),
      event('2026-03-14', '16:45:00', 'd'),
    ];
    expect(upcomingEvents(events, '2026-03-10').map((e) => e.event_name)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
  });

  it('puts an all-day event before the timed events of its day', () => {
    const events = [event('2026-03-12', '08:00', 'timed'), event('2026-03-12', null, 'all day')];
    expect(upcomingEvents(events, '2026-03-10').map((e) => e.event_name)).toEqual([
      'all day',
      'timed',
    ]);
  });

  it('formats the day and wall-clock time as written, never shifted', () => {
    expect(eventWhen(event('2026-03-02', '00:00'))).toBe('Mar 2 at 12:00 am');
    expect(eventWhen(event('2026-12-31', '13:05:00'))).toBe('Dec 31 at 1:05 pm');
    expect(eventWhen(event('2026-07-04', null))).toBe('Jul 4, all day');
  });

  it('gives the same moment machine-readable, as a <time> element wants it', () => {
    expect(eventDateTime(event('2026-12-31', '13:05:00'))).toBe('2026-12-31T13:05');
    expect(eventDateTime(event('2026-03-02', null))).toBe('2026-03-02');
  });
});
