import { expect, it } from 'vitest';
import { describeSelection, eventBodies } from './add-event.ts';
import { formatDay, formatLongDay, formatWallTime, todayIn } from './calendar-days.ts';
import { describeInEveryZone } from './with-time-zones.ts';

describeInEveryZone('days shown in America/Chicago', () => {
  it('formats a cohort date as that very day', () => {
    expect(formatDay('2025-01-06')).toBe('Jan 6, 2025');
    expect(formatDay('2025-03-09')).toBe('Mar 9, 2025');
    expect(formatLongDay('2024-12-31')).toBe('December 31, 2024');
  });

  it('knows today in Chicago at instants when other zones are on another day', () => {
    // 03:30 UTC on March 10 is still March 9 in Chicago (and already March 10 in Tokyo).
    expect(todayIn('America/Chicago', new Date('2025-03-10T03:30:00Z'))).toBe('2025-03-09');
    expect(todayIn('America/Chicago', new Date('2025-03-10T06:30:00Z'))).toBe('2025-03-10');
  });

  it('shows wall-clock times as written', () => {
    expect(formatWallTime('00:30')).toBe('12:30 AM');
    expect(formatWallTime('09:05')).toBe('9:05 AM');
    expect(formatWallTime('12:00')).toBe('12:00 PM');
    expect(formatWallTime('23:45')).toBe('11:45 PM');
  });

  it('sends one event per selected day with the wall-clock date and time', () => {
    const form = {
      name: ' Intersession ',
      typeId: 3,
      start: '2025-03-10',
      end: '2025-03-08',
      time: '',
      description: 'No class',
    };
    expect(eventBodies(4, form)).toEqual([
      { cohort: 4, name: 'Intersession', type: 3, date: '2025-03-08', description: 'No class' },
      { cohort: 4, name: 'Intersession', type: 3, date: '2025-03-09', description: 'No class' },
      { cohort: 4, name: 'Intersession', type: 3, date: '2025-03-10', description: 'No class' },
    ]);
    expect(eventBodies(4, { ...form, end: '', time: '09:00' })).toEqual([
      {
        cohort: 4,
        name: 'Intersession',
        type: 3,
        date: '2025-03-10',
        time: '09:00',
        description: 'No class',
      },
    ]);
    expect(describeSelection('2025-03-10', '2025-03-08')).toBe(
      'Add an event for March 8, 2025 to March 10, 2025 (3 days)',
    );
    expect(describeSelection('2025-03-10', '')).toBe('Add an event for March 10, 2025');
  });
});
