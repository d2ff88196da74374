import type { CohortEvent } from '@lp/contract/events';
import { expect, it } from 'vitest';
import { describeInEveryZone } from '@/test/time-zones.ts';
import { bucketEvents, wallClockOf } from './event-buckets.ts';

const type = { id: 1, description: 'Group Project', color: '#98FB98' };
const event = (id: number, fields: Partial<CohortEvent>): CohortEvent => ({
  id,
  cohort: 1,
  event_name: `Event ${id}`,
  event_datetime: '2025-01-06T00:00:00.000Z',
  description: '',
  event_type: type,
  date: '2025-01-06',
  time: null,
  time_zone: 'America/Chicago',
  all_day: true,
  ...fields,
});

describeInEveryZone('event buckets', () => {
  it('puts each event on its own wall-clock day in America/Chicago, never the browser’s', () => {
    const buckets = bucketEvents([
      // All day on Monday Jan 6: the original client showed it on Sunday in US zones.
      event(1, { date: '2025-01-06', time: null }),
      // 00:30 and 23:30 Chicago time stay on their day.
      event(2, { date: '2025-01-07', time: '00:30', event_datetime: '2025-01-07T00:30:00.000Z' }),
      event(3, { date: '2025-01-07', time: '23:30', event_datetime: '2025-01-07T23:30:00.000Z' }),
    ]);
    expect([...buckets.keys()].sort()).toEqual(['2025-01-06', '2025-01-07']);
    expect(buckets.get('2025-01-07')?.map((item) => item.time)).toEqual(['00:30', '23:30']);
  });

  it('reads the digits of event_datetime as wall time when date and time are absent', () => {
    const legacy = {
      id: 9,
      event_name: 'Legacy',
      event_datetime: '2025-03-09T01:15:00.000Z',
      event_type: type,
    };
    expect(wallClockOf(legacy)).toEqual({ date: '2025-03-09', time: '01:15' });
    expect(wallClockOf({ ...legacy, event_datetime: '2025-03-09T00:00:00Z' })).toEqual({
      date: '2025-03-09',
      time: null,
    });
  });

  it('orders a day’s events all-day first, then by time, and keeps their colours', () => {
    const buckets = bucketEvents([
      event(1, { time: '14:00' }),
      event(2, { time: null, event_type: { id: 4, description: 'Holiday', color: '#DDA0DD' } }),
      event(3, { time: '09:00' }),
    ]);
    const day = buckets.get('2025-01-06') ?? [];
    expect(day.map((item) => item.id)).toEqual([2, 3, 1]);
    expect(day[0]).toMatchObject({ color: '#DDA0DD', typeName: 'Holiday', time: null });
  });
});
